#!/usr/bin/env python3
"""Record the `tools/list` results of published MCP servers (stdlib only).

Reads the server list from sources.json beside this file, installs each
package (npm registry via `npm install --prefix`, PyPI via a venv made by
`uv` when found on PATH, else `python -m venv` + pip), starts the server over
stdio, runs `initialize`, `notifications/initialized` and `tools/list`
(following `nextCursor`), and writes servers.json with the tools' schemas,
every `description`/`title` annotation string removed (see strip_schema).

It is not run by CI. See README.md for usage; `--stats` only recomputes the
feature counts from an existing servers.json and rewrites the README summary.
"""

import argparse
import datetime
import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCES = os.path.join(HERE, "sources.json")
CORPUS = os.path.join(HERE, "servers.json")
README = os.path.join(HERE, "README.md")

CLIENT_PROTOCOL = "2025-11-25"
START_TIMEOUT = 60.0

# ----------------------------------------------------------------------------
# Removing prose: description/title annotation strings, at every depth.
# ----------------------------------------------------------------------------

# keywords whose value is a single subschema
SCHEMA_KW = {
    "items", "additionalItems", "additionalProperties", "not", "if", "then",
    "else", "contains", "propertyNames", "unevaluatedProperties",
    "unevaluatedItems", "contentSchema",
}
# keywords whose value is an array of subschemas
SCHEMA_LIST_KW = {"anyOf", "oneOf", "allOf", "prefixItems", "items"}
# keywords whose value is a map of name -> subschema (the names are data)
SCHEMA_MAP_KW = {
    "properties", "patternProperties", "$defs", "definitions",
    "dependentSchemas", "dependencies",
}
# annotation keywords whose string value is prose
PROSE_KW = {"description", "title", "$comment"}


def strip_schema(s):
    """Copy of schema `s` without prose annotations; structure otherwise kept."""
    if isinstance(s, list):  # tolerate a list where a schema was expected
        return [strip_schema(x) for x in s]
    if not isinstance(s, dict):
        return s
    out = {}
    for k, v in s.items():
        if k in PROSE_KW and isinstance(v, str):
            continue
        if k in SCHEMA_MAP_KW and isinstance(v, dict):
            out[k] = {
                name: (strip_schema(sub) if isinstance(sub, dict) else sub)
                for name, sub in v.items()
            }
        elif k in SCHEMA_LIST_KW and isinstance(v, list):
            out[k] = [strip_schema(x) for x in v]
        elif k in SCHEMA_KW and isinstance(v, dict):
            out[k] = strip_schema(v)
        else:
            out[k] = v  # data (enum, const, default, examples, ...) kept as is
    return out


def strip_tool(t):
    out = {"name": t.get("name")}
    if "inputSchema" in t:
        out["inputSchema"] = strip_schema(t["inputSchema"])
    if t.get("outputSchema") is not None:
        out["outputSchema"] = strip_schema(t["outputSchema"])
    return out


# ----------------------------------------------------------------------------
# Installing
# ----------------------------------------------------------------------------


def parse_package(spec):
    kind, _, rest = spec.partition(":")
    if kind == "npm":
        i = rest.rfind("@")
        if i <= 0:
            raise ValueError("npm package needs @VERSION: " + spec)
        return kind, rest[:i], rest[i + 1:]
    if kind == "pypi":
        name, _, ver = rest.partition("==")
        if not ver:
            raise ValueError("pypi package needs ==VERSION: " + spec)
        return kind, name, ver
    raise ValueError("unknown package kind: " + spec)


def run_quiet(argv, log, env=None, cwd=None, timeout=900):
    with open(log, "ab") as f:
        f.write(("\n$ " + " ".join(argv) + "\n").encode())
        f.flush()
        p = subprocess.run(argv, stdout=f, stderr=subprocess.STDOUT, env=env,
                           cwd=cwd, timeout=timeout, stdin=subprocess.DEVNULL)
    return p.returncode


def find_python(version):
    if not version:
        return sys.executable
    import glob
    hits = sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/%s*/bin/python3" % version)))
    if hits:
        return hits[-1]
    w = shutil.which("python" + version)
    if w:
        return w
    raise RuntimeError("no python " + version)


def install(src, cache):
    """Install the package of `src`; return the directory of its executables."""
    kind, name, ver = parse_package(src["package"])
    root = os.path.join(cache, kind, src["server"])
    stamp = os.path.join(root, ".installed")
    log = os.path.join(cache, "logs", src["server"] + ".install.log")
    os.makedirs(os.path.dirname(log), exist_ok=True)
    bindir = os.path.join(root, "node_modules", ".bin") if kind == "npm" else os.path.join(root, "bin")
    want = src["package"] + " " + json.dumps(
        [src.get(k) for k in ("extra_packages", "install_args", "install_env", "python")])
    if os.path.exists(stamp) and open(stamp).read() == want:
        return bindir
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    if kind == "npm":
        pkgs = ["%s@%s" % (name, ver)] + src.get("extra_packages", [])
        env = dict(os.environ, **src.get("install_env", {}))
        rc = run_quiet(["npm", "install", "--prefix", root, "--no-audit",
                        "--no-fund", "--loglevel=error"] + src.get("install_args", []) + pkgs,
                       log, env=env)
    else:
        py = find_python(src.get("python"))
        pkgs = ["%s==%s" % (name, ver)] + src.get("extra_packages", [])
        uv = shutil.which("uv")
        if uv:
            rc = run_quiet([uv, "venv", "-q", "--python", py, root], log)
            if rc == 0:
                env = dict(os.environ, VIRTUAL_ENV=root)
                rc = run_quiet([uv, "pip", "install", "-q", "--python",
                                os.path.join(root, "bin", "python")] + pkgs, log, env=env)
        else:
            rc = run_quiet([py, "-m", "venv", root], log)
            if rc == 0:
                rc = run_quiet([os.path.join(root, "bin", "pip"), "install", "-q"] + pkgs, log)
    if rc != 0:
        raise InstallError("install failed (%s exit %d)" % ("npm" if kind == "npm" else "pip", rc))
    with open(stamp, "w") as f:
        f.write(want)
    return bindir


class InstallError(Exception):
    pass


def installed_version(src, cache):
    """The version actually installed (equals the pinned one)."""
    kind, name, ver = parse_package(src["package"])
    root = os.path.join(cache, kind, src["server"])
    try:
        if kind == "npm":
            with open(os.path.join(root, "node_modules", name, "package.json")) as f:
                return json.load(f)["version"]
        import glob
        norm = re.sub(r"[-_.]+", "_", name).lower()
        for d in glob.glob(os.path.join(root, "lib", "python*", "site-packages", "*.dist-info")):
            base = os.path.basename(d)[:-len(".dist-info")]
            n, _, v = base.rpartition("-")
            if re.sub(r"[-_.]+", "_", n).lower() == norm:
                return v
    except (OSError, KeyError, ValueError):
        pass
    return None


# ----------------------------------------------------------------------------
# Talking to a server over stdio
# ----------------------------------------------------------------------------


class ServerError(Exception):
    pass


class Session:
    def __init__(self, argv, env, cwd, errlog, scratch):
        self.scratch = scratch
        self.errf = open(errlog, "wb")
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.errf,
            env=env, cwd=cwd, start_new_session=True)
        self.q = queue.Queue()
        self.noise = []
        threading.Thread(target=self._reader, daemon=True).start()
        self.next_id = 1

    def _reader(self):
        for line in self.proc.stdout:
            line = line.strip()
            if not line:
                continue
            try:
                self.q.put(json.loads(line))
            except ValueError:
                self.noise.append(line[:200])
        self.q.put(None)

    def send(self, msg):
        data = (json.dumps(msg) + "\n").encode()
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise ServerError("server closed its stdin (exit %s)" % self.proc.poll())

    def request(self, method, params, deadline):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise ServerError("no answer to %s within %d s" % (method, START_TIMEOUT))
            try:
                msg = self.q.get(timeout=left)
            except queue.Empty:
                continue
            if msg is None:
                time.sleep(0.2)
                raise ServerError("server exited (code %s) before answering %s"
                                  % (self.proc.poll(), method))
            if not isinstance(msg, dict):
                continue
            if "method" in msg:
                self._serve(msg)
                continue
            if msg.get("id") != rid:
                continue
            if "error" in msg:
                err = msg["error"]
                raise ServerError("%s answered error %s" % (method, err.get("code")))
            return msg.get("result")

    def _serve(self, msg):
        """Answer the server's own requests (roots/list, ping); ignore notifications."""
        if "id" not in msg:
            return
        m = msg["method"]
        if m == "ping":
            self.send({"jsonrpc": "2.0", "id": msg["id"], "result": {}})
        elif m == "roots/list":
            self.send({"jsonrpc": "2.0", "id": msg["id"], "result": {
                "roots": [{"uri": "file://" + self.scratch, "name": "scratch"}]}})
        else:
            self.send({"jsonrpc": "2.0", "id": msg["id"],
                       "error": {"code": -32601, "message": "not supported"}})

    def close(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        for sig, wait in ((signal.SIGTERM, 3), (signal.SIGKILL, 3)):
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                break
            try:
                self.proc.wait(timeout=wait)
                # the group may outlive its leader
                os.killpg(self.proc.pid, 0)
            except (subprocess.TimeoutExpired, ProcessLookupError):
                pass
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.errf.close()


KUBECONFIG = """apiVersion: v1
kind: Config
clusters:
- name: dummy
  cluster:
    server: https://127.0.0.1:1
contexts:
- name: dummy
  context:
    cluster: dummy
    user: dummy
current-context: dummy
users:
- name: dummy
  user:
    token: dummy
"""


def record(src, cache):
    bindir = install(src, cache)
    scratch = os.path.join(cache, "scratch", src["server"])
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    home = os.path.join(scratch, "home")
    os.makedirs(home)
    work = os.path.join(scratch, "work")
    os.makedirs(work)
    setup = src.get("setup", [])
    if "git" in setup:
        subprocess.run(["git", "init", "-q", work], check=True)
        with open(os.path.join(work, "README"), "w") as f:
            f.write("scratch\n")
        subprocess.run(["git", "-C", work, "add", "README"], check=True)
        subprocess.run(["git", "-C", work, "-c", "user.name=rec", "-c", "user.email=rec@invalid",
                        "commit", "-qm", "scratch"], check=True)
    if "kubeconfig" in setup:  # a cluster that is not there: nothing listens on port 1
        os.makedirs(os.path.join(home, ".kube"))
        with open(os.path.join(home, ".kube", "config"), "w") as f:
            f.write(KUBECONFIG)
    if "sqlite" in setup:
        subprocess.run(["sqlite3", os.path.join(work, "db.sqlite"),
                        "create table t(id integer primary key, name text);"], check=True)

    def subst(x):
        return x.replace("{work}", work).replace("{home}", home).replace("{bin}", bindir)

    for path, content in src.get("files", {}).items():  # dummy config files
        path = subst(path)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(content)

    argv = [subst(a) for a in src["command"]]
    exe = os.path.join(bindir, argv[0])
    if os.path.exists(exe):
        argv[0] = exe
    env = {
        "PATH": bindir + os.pathsep + os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": home,
        "LANG": "C.UTF-8",
        "TMPDIR": os.environ.get("TMPDIR", "/tmp"),
        "NO_COLOR": "1",
        "PYTHONHASHSEED": "0",  # a set's order shows in some defaults (atlassian)
    }
    env.update({k: subst(v) for k, v in src.get("env", {}).items()})
    errlog = os.path.join(cache, "logs", src["server"] + ".stderr.log")
    sess = Session(argv, env, work, errlog, work)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        init = sess.request("initialize", {
            "protocolVersion": CLIENT_PROTOCOL,
            "capabilities": {},
            "clientInfo": {"name": "mcp-coerce-corpus", "version": "0.1.0"},
        }, deadline) or {}
        sess.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        tools, cursor, pages = [], None, 0
        while True:
            params = {"cursor": cursor} if cursor else {}
            res = sess.request("tools/list", params, deadline) or {}
            tools.extend(res.get("tools", []))
            pages += 1
            cursor = res.get("nextCursor")
            if not cursor or pages > 1000:
                break
    finally:
        sess.close()
    if not tools:
        raise ServerError("tools/list returned no tools")
    return {
        "server": src["server"],
        "package": src["package"],
        "language": src["language"],
        "command": src["command"],
        "env": src.get("env", {}),
        "protocolVersion": init.get("protocolVersion"),
        "tools": [strip_tool(t) for t in tools],
    }


# ----------------------------------------------------------------------------
# Feature counts
# ----------------------------------------------------------------------------

KNOWN_TYPES = {"object", "array", "string", "number", "integer", "boolean", "null"}


def walk(s, ptr, visit):
    """Visit every subschema of `s` (pointer strings), knowing keyword positions."""
    if not isinstance(s, dict):
        if isinstance(s, bool):
            visit(s, ptr)
        return
    visit(s, ptr)
    for k, v in s.items():
        p = ptr + "/" + k.replace("~", "~0").replace("/", "~1")
        if k in SCHEMA_MAP_KW and isinstance(v, dict):
            for name, sub in v.items():
                if isinstance(sub, (dict, bool)):
                    walk(sub, p + "/" + name.replace("~", "~0").replace("/", "~1"), visit)
        elif k in SCHEMA_LIST_KW and isinstance(v, list):
            for i, sub in enumerate(v):
                walk(sub, "%s/%d" % (p, i), visit)
        elif k in SCHEMA_KW and isinstance(v, dict):
            walk(v, p, visit)
        elif k in SCHEMA_KW and isinstance(v, bool) and k not in (
                "additionalProperties", "unevaluatedProperties", "additionalItems",
                "unevaluatedItems"):  # those are counted as keywords
            walk(v, p, visit)


PY_ONLY_RE = [
    (re.compile(r"\(\?P[<=]"), "Python named group (?P<...>)"),
    (re.compile(r"\\[AZ]"), "\\A or \\Z anchor"),
    (re.compile(r"^\(\?[aiLmsux]+\)"), "leading inline flags"),
    (re.compile(r"\(\?<[=!]"), "lookbehind"),
    (re.compile(r"\(\?[=!]"), "lookahead"),
    (re.compile(r"\\[pP]\{"), "unicode property escape"),
]


def fits_type(v, t):
    if t == "null":
        return v is None
    if t == "boolean":
        return isinstance(v, bool)
    if t == "integer":
        return (isinstance(v, int) and not isinstance(v, bool)) or (isinstance(v, float) and v.is_integer())
    if t == "number":
        return isinstance(v, (int, float)) and not isinstance(v, bool)
    if t == "string":
        return isinstance(v, str)
    if t == "array":
        return isinstance(v, list)
    if t == "object":
        return isinstance(v, dict)
    return True


def resolve_local(root, ref):
    if ref == "#":
        return True
    if not ref.startswith("#/"):
        return None
    cur = root
    for part in ref[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
        elif isinstance(cur, list) and part.isdigit() and int(part) < len(cur):
            cur = cur[int(part)]
        else:
            return False
    return True


def schema_features(schema):
    """Features of one root schema: (set of feature names, list of notes)."""
    f = set()
    notes = []
    formats = set()
    patterns = []
    if not isinstance(schema, dict):
        f.add("root not an object schema")
        return f, formats, patterns, notes
    rt = schema.get("type")
    if rt != "object":
        f.add("root type %s" % json.dumps(rt) if rt is not None else "root without type")
        notes.append(("", "root type %s, keys %s" % (json.dumps(rt), sorted(schema)[:8])))
    if "$schema" in schema:
        f.add("$schema " + str(schema["$schema"]))
    for kw in ("$ref", "anyOf", "oneOf", "allOf"):
        if kw in schema:
            f.add("root " + kw)

    def visit(s, ptr):
        if isinstance(s, bool):
            f.add("boolean subschema")
            return
        for kw in ("anyOf", "oneOf", "allOf", "not", "if", "const", "enum",
                   "patternProperties", "propertyNames", "prefixItems",
                   "unevaluatedProperties", "dependentRequired", "dependencies",
                   "contains", "minItems", "maxItems", "uniqueItems", "minLength",
                   "maxLength", "minimum", "maximum", "exclusiveMinimum",
                   "exclusiveMaximum", "multipleOf", "examples", "$defs",
                   "definitions", "$id", "$anchor", "$dynamicRef", "nullable",
                   "readOnly", "deprecated", "contentMediaType", "discriminator",
                   "example", "writeOnly", "minProperties", "maxProperties"):
            if kw in s:
                f.add(kw)
        if any(k.startswith("x-") for k in s):
            f.add("x- extension keyword")
        for kw in ("nullable", "discriminator", "example"):
            if kw in s:
                notes.append((ptr, "non-standard keyword %s: %s" % (kw, json.dumps(s[kw])[:60])))
        if isinstance(s.get("exclusiveMinimum"), bool) or isinstance(s.get("exclusiveMaximum"), bool):
            f.add("boolean exclusiveMinimum/Maximum (draft-04)")
        if "$ref" in s:
            r = s["$ref"]
            f.add("$ref")
            if not isinstance(r, str):
                notes.append((ptr, "$ref not a string"))
            elif not r.startswith("#"):
                f.add("$ref remote")
                notes.append((ptr, "remote $ref " + r))
            else:
                ok = resolve_local(schema, r)
                if not ok:
                    f.add("$ref unresolvable")
                    notes.append((ptr, "unresolvable $ref " + r))
            if len(s) > 1:
                f.add("$ref with siblings")
                notes.append((ptr, "$ref with siblings %s" % sorted(k for k in s if k != "$ref")))
        if "pattern" in s:
            f.add("pattern")
            p = s["pattern"]
            patterns.append((ptr, p))
            if not isinstance(p, str):
                f.add("pattern not a string")
                notes.append((ptr, "pattern is %s" % json.dumps(p)))
            else:
                try:
                    re.compile(p)
                except re.error as e:
                    f.add("pattern Python's re rejects")
                    notes.append((ptr, "pattern Python's re rejects (%s): %s" % (e, p)))
                for rx, what in PY_ONLY_RE:
                    if rx.search(p):
                        f.add("pattern: " + what)
                        notes.append((ptr, "pattern with %s: %s" % (what, p)))
        if "format" in s:
            formats.add(str(s["format"]))
        ap = s.get("additionalProperties")
        if ap is False:
            f.add("additionalProperties: false")
        elif isinstance(ap, dict):
            f.add("additionalProperties: schema")
        elif ap is True:
            f.add("additionalProperties: true")
        t = s.get("type")
        if isinstance(t, list):
            f.add("type array")
            if "null" in t:
                f.add("type array with null")
        tl = t if isinstance(t, list) else [t] if t is not None else []
        for x in tl:
            if x not in KNOWN_TYPES:
                f.add("unknown type name")
                notes.append((ptr, "unknown type %s" % json.dumps(x)))
        if "integer" in tl:
            f.add("type integer")
        if "default" in s:
            f.add("default")
            d = s["default"]
            if d is None:
                f.add("default null")
            if d is None and tl and "null" not in tl:
                f.add("default null, type without null")
            elif tl and not any(fits_type(d, x) for x in tl):
                f.add("default not of the declared type")
                notes.append((ptr, "default %s not of type %s" % (json.dumps(d)[:60], json.dumps(t))))
            if isinstance(s.get("enum"), list) and d not in s["enum"] and d is not None:
                f.add("default not in enum")
                notes.append((ptr, "default %s not in enum" % json.dumps(d)[:60]))
        if "enum" in s and (not isinstance(s["enum"], list) or not s["enum"]):
            f.add("enum empty or not an array")
            notes.append((ptr, "enum is %s" % json.dumps(s["enum"])[:60]))
        if isinstance(s.get("enum"), list) and tl:
            bad = [v for v in s["enum"] if not any(fits_type(v, x) for x in tl)]
            if bad:
                f.add("enum value not of the declared type")
                notes.append((ptr, "enum values %s not of type %s" % (json.dumps(bad)[:60], json.dumps(t))))
        req = s.get("required")
        if req is not None and not isinstance(req, list):
            f.add("required not an array")
            notes.append((ptr, "required is %s" % json.dumps(req)))
        props = s.get("properties")
        if isinstance(props, dict) and isinstance(req, list):
            for r in req:
                if r not in props:
                    f.add("required name not in properties")
                    notes.append((ptr, "required %s not in properties" % json.dumps(r)))
                elif isinstance(props[r], dict) and "default" in props[r]:
                    f.add("default on a required property")
                    notes.append((ptr + "/properties/" + r, "default %s on a required property"
                                  % json.dumps(props[r]["default"])[:60]))
        if "items" in s and isinstance(s["items"], list):
            f.add("items array (tuple, draft-07)")
            notes.append((ptr, "items is an array (draft-07 tuple) under $schema %s"
                          % schema.get("$schema")))
        if t == "array" and "items" not in s and "prefixItems" not in s:
            f.add("array without items")
        if t == "object" and "properties" not in s and "additionalProperties" not in s \
                and "patternProperties" not in s and ptr != "":
            f.add("object without properties")
        if "optional" in s:
            f.add("optional (non-standard)")
            notes.append((ptr, "non-standard keyword optional"))

    walk(schema, "", visit)
    return f, formats, patterns, notes


def stats(corpus):
    servers = corpus["servers"]
    by_lang = Counter()
    tools_by_lang = Counter()
    feat = {"inputSchema": Counter(), "outputSchema": Counter()}
    fmt = {"inputSchema": Counter(), "outputSchema": Counter()}
    nschemas = Counter()
    protocols = Counter(srv["protocolVersion"] for srv in servers)
    notes = []
    for srv in servers:
        by_lang[srv["language"]] += 1
        tools_by_lang[srv["language"]] += len(srv["tools"])
        for t in srv["tools"]:
            for key in ("inputSchema", "outputSchema"):
                if key not in t:
                    continue
                nschemas[key] += 1
                fs, formats, _, ns = schema_features(t[key])
                feat[key].update(fs)
                fmt[key].update(formats)
                for ptr, n in ns:
                    notes.append("%s / %s / %s%s: %s" % (srv["server"], t["name"], key, ptr, n))
    return {
        "servers": len(servers), "tools": sum(tools_by_lang.values()),
        "by_lang": by_lang, "tools_by_lang": tools_by_lang, "feat": feat,
        "fmt": fmt, "nschemas": nschemas, "notes": notes, "protocols": protocols,
        "skipped": len(corpus.get("skipped", [])),
    }


def summary_md(st):
    lines = []
    lines.append("%d servers, %d tools (%d input schemas, %d output schemas); %d tried and skipped."
                 % (st["servers"], st["tools"], st["nschemas"]["inputSchema"],
                    st["nschemas"]["outputSchema"], st["skipped"]))
    lines.append("")
    lines.append("| language | servers | tools |")
    lines.append("| --- | ---: | ---: |")
    for lang, n in sorted(st["by_lang"].items(), key=lambda x: (-x[1], x[0])):
        lines.append("| %s | %d | %d |" % (lang, n, st["tools_by_lang"][lang]))
    lines.append("")
    lines.append("`protocolVersion` answered to an `initialize` asking for %s: %s." % (
        CLIENT_PROTOCOL, ", ".join("%s by %d" % (k, v) for k, v in sorted(st["protocols"].items()))))
    lines.append("")
    lines.append("Schemas having each feature anywhere in them (a schema counts once per feature):")
    lines.append("")
    lines.append("| feature | input schemas | output schemas |")
    lines.append("| --- | ---: | ---: |")
    ki, ko = st["feat"]["inputSchema"], st["feat"]["outputSchema"]
    for k in sorted(set(ki) | set(ko), key=lambda k: (-(ki[k] + ko[k]), k)):
        lines.append("| `%s` | %d | %d |" % (k, ki[k], ko[k]))
    lines.append("")
    lines.append("`format` by value (schemas using it):")
    lines.append("")
    lines.append("| format | input schemas | output schemas |")
    lines.append("| --- | ---: | ---: |")
    fi, fo = st["fmt"]["inputSchema"], st["fmt"]["outputSchema"]
    for k in sorted(set(fi) | set(fo), key=lambda k: (-(fi[k] + fo[k]), k)):
        lines.append("| `%s` | %d | %d |" % (k, fi[k], fo[k]))
    return "\n".join(lines)


def servers_md(corpus):
    lines = ["| server | package | language | tools | protocol | command | dummy env |",
             "| --- | --- | --- | ---: | --- | --- | --- |"]
    for s in corpus["servers"]:
        lines.append("| %s | `%s` | %s | %d | %s | `%s` | %s |" % (
            s["server"], s["package"], s["language"], len(s["tools"]),
            s["protocolVersion"], " ".join(s["command"]),
            ", ".join("`%s`" % k for k in sorted(s["env"])) or "-"))
    lines.append("")
    lines.append("Tried and not recorded:")
    lines.append("")
    lines.append("| server | package | language | reason |")
    lines.append("| --- | --- | --- | --- |")
    for s in corpus["skipped"]:
        lines.append("| %s | `%s` | %s | %s |" % (
            s["server"], s["package"], s["language"], s["reason"].replace("|", "\\|")))
    return "\n".join(lines)


def replace_between(text, tag, body):
    begin, end = "<!-- %s:begin -->" % tag, "<!-- %s:end -->" % tag
    if begin not in text:
        return text
    a, b = text.index(begin) + len(begin), text.index(end)
    return text[:a] + "\n" + body + "\n" + text[b:]


def write_readme_summary(corpus, st):
    text = open(README).read()
    text = replace_between(text, "summary", summary_md(st))
    text = replace_between(text, "servers", servers_md(corpus))
    with open(README, "w") as f:
        f.write(text)


# ----------------------------------------------------------------------------


def dump(corpus):
    corpus["servers"].sort(key=lambda s: s["server"])
    corpus["skipped"].sort(key=lambda s: s["server"])
    with open(CORPUS, "w") as f:
        json.dump(corpus, f, indent=1, ensure_ascii=False)
        f.write("\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache", default=os.environ.get("MCP_CORPUS_CACHE", "/tmp/mcp-corpus"),
                    help="where packages are installed and logs kept")
    ap.add_argument("--only", nargs="*", help="record only these servers, keep the others")
    ap.add_argument("--stats", action="store_true", help="only recompute the README summary")
    ap.add_argument("--notes", action="store_true", help="print the notable schema findings")
    ap.add_argument("--jobs", type=int, default=3, help="parallel installs")
    args = ap.parse_args()

    if args.stats or args.notes:
        corpus = json.load(open(CORPUS))
        st = stats(corpus)
        if args.stats:
            write_readme_summary(corpus, st)
            print(summary_md(st))
        if args.notes:
            print("\n".join(st["notes"]))
        return

    sources = json.load(open(SOURCES))["servers"]
    if args.only:
        sources = [s for s in sources if s["server"] in args.only]
    try:
        corpus = json.load(open(CORPUS))
    except (OSError, ValueError):
        corpus = {"servers": [], "skipped": []}
    names = {s["server"] for s in sources}
    if not args.only:
        corpus = {"servers": [], "skipped": []}
    corpus["servers"] = [s for s in corpus["servers"] if s["server"] not in names]
    corpus["skipped"] = [s for s in corpus["skipped"] if s["server"] not in names]

    # installs in parallel (network bound), servers one at a time
    from concurrent.futures import ThreadPoolExecutor
    install_err = {}

    def inst(src):
        try:
            install(src, args.cache)
        except Exception as e:  # noqa: BLE001
            install_err[src["server"]] = str(e)

    with ThreadPoolExecutor(max_workers=args.jobs) as ex:
        list(ex.map(inst, sources))

    for src in sources:
        name = src["server"]
        t0 = time.monotonic()
        if name in install_err:
            reason = install_err[name]
        else:
            try:
                entry = record(src, args.cache)
                ver = installed_version(src, args.cache)
                if ver and ver != parse_package(src["package"])[2]:
                    print("  note: %s installed %s" % (name, ver), file=sys.stderr)
                corpus["servers"].append(entry)
                print("ok    %-28s %4d tools  %5.1fs  %s" % (
                    name, len(entry["tools"]), time.monotonic() - t0, entry["protocolVersion"]))
                continue
            except (ServerError, InstallError, OSError, subprocess.SubprocessError) as e:
                reason = str(e)
        if src.get("note"):
            reason += "; " + src["note"]
        corpus["skipped"].append({"server": name, "package": src["package"],
                                  "language": src["language"], "reason": reason})
        print("skip  %-28s %s" % (name, reason))
    corpus["recorded"] = datetime.date.today().isoformat()
    corpus = {"recorded": corpus["recorded"], "servers": corpus["servers"],
              "skipped": corpus["skipped"]}
    dump(corpus)
    if os.path.exists(README):
        write_readme_summary(corpus, stats(corpus))


if __name__ == "__main__":
    main()
