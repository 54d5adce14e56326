//! Folding names (enum values, object keys, tool names): lowercase, with the separators
//! `-`, `_`, space, `/` and `.` deleted, and the edit distance between folded names.

/// The chars of `name` folded: lowercase, the separators deleted.
pub(crate) fn folded(name: &str) -> impl Iterator<Item = char> + '_ {
    name.chars()
        .filter(|c| !matches!(c, '-' | '_' | ' ' | '/' | '.'))
        .flat_map(char::to_lowercase)
}

pub(crate) fn fold(name: &str) -> String {
    folded(name).collect()
}

/// Whether `a` and `b` are the same name once folded.
pub(crate) fn folds_to(a: &str, b: &str) -> bool {
    folded(a).eq(folded(b))
}

/// Edit distance between `a` and `b`, or `None` once it is known to exceed `limit`.
pub(crate) fn distance_within(a: &[char], b: &[char], limit: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut row = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitute = prev[j] + usize::from(ca != cb);
            row[j + 1] = substitute.min(prev[j + 1] + 1).min(row[j] + 1);
        }
        std::mem::swap(&mut prev, &mut row);
    }
    let d = prev[b.len()];
    (d <= limit).then_some(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fold_table() {
        assert_eq!(fold("AI/ML"), "aiml");
        assert_eq!(fold("ai-ml"), "aiml");
        assert_eq!(fold("Web API"), "webapi");
        assert_eq!(fold("date_desc"), "datedesc");
        assert_eq!(fold("a.b"), "ab");
        assert!(folds_to("orderBy", "order_by") && !folds_to("limit", "limt"));
    }

    #[test]
    fn distance_table() {
        let d = |a: &str, b: &str| {
            let a: Vec<char> = a.chars().collect();
            let b: Vec<char> = b.chars().collect();
            distance_within(&a, &b, 2)
        };
        assert_eq!(d("devops", "devops"), Some(0));
        assert_eq!(d("devop", "devops"), Some(1));
        assert_eq!(d("dveops", "devops"), Some(2));
        assert_eq!(d("machinelearning", "aiml"), None);
    }
}
