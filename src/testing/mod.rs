//! Test kit (feature `testing`).

pub(crate) mod annotate;
mod json;
mod matrix;

pub use matrix::{
    Check, Exception, Failure, FieldSummary, Report, ShapeMatrix, assert_shape_matrix,
    shape_matrix,
};
