import Foundation
import Testing

// What the practice tests know about clients, goals and trial sessions, read from the files
// without afterflow: Swift for the trial lines, Python's PyYAML for the front matter.

/// The environment of a run at a fixed moment (`AFTERFLOW_NOW`), like the README's examples.
func practiceAt(_ now: String) -> [String: String?] {
    ["AFTERFLOW_NOW": now]
}

/// One trial line of a `## Trials` section, read with a pattern of its own (not afterflow's reader).
struct TrialLineFact: Equatable, Sendable {
    var time: String
    var goal: String
    var success: Bool
    var cue: String
    var note: String
    /// 1-based line number in the file.
    var line: Int
}

/// The lines of the `## title` section of a Markdown body (after the front matter), without the
/// heading; each with its 1-based line number.
func practiceSectionLines(_ text: String, _ title: String) -> [(number: Int, text: String)] {
    let lines = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
    guard lines.first == "---", let close = lines.dropFirst().firstIndex(of: "---") else { return [] }
    var inside = false
    var found: [(Int, String)] = []
    var fence = false
    for index in (close + 1)..<lines.count {
        let line = lines[index]
        if line.hasPrefix("```") { fence.toggle() }
        if !fence && line.hasPrefix("## ") {
            inside = line.dropFirst(3).trimmingCharacters(in: .whitespaces).lowercased() == title.lowercased()
            continue
        }
        if !fence && line.hasPrefix("# ") { inside = false; continue }
        if inside { found.append((index + 1, line)) }
    }
    return found
}

/// The trials of a trial session file, read from its `## Trials` section.
func trialFacts(_ text: String) -> [TrialLineFact] {
    let pattern = try! NSRegularExpression(pattern: #"^\s*[-*]\s+(\d\d:\d\d:\d\d)\s+([A-Za-z0-9][A-Za-z0-9_-]*)\s+([+-])\s+([A-Za-z0-9_-]+)(?:\s+(.*?))?\s*$"#)
    return practiceSectionLines(text, "Trials").compactMap { number, line in
        let range = NSRange(line.startIndex..., in: line)
        guard let match = pattern.firstMatch(in: line, range: range) else { return nil }
        func group(_ i: Int) -> String {
            guard let r = Range(match.range(at: i), in: line) else { return "" }
            return String(line[r])
        }
        return TrialLineFact(time: group(1), goal: group(2), success: group(3) == "+", cue: group(4).lowercased(), note: group(5), line: number)
    }
}

/// Reads the front matter of each of `paths` with PyYAML's `safe_load` and returns it as JSON
/// values, by path; dates and times become ISO 8601 text (`2025-04-01`, `2025-04-01T15:00:00-07:00`).
/// Throws when a front matter is not valid YAML or not a mapping.
func yamlFrontMatters(_ paths: [String]) throws -> [String: [String: Any]] {
    guard let python = python3 else { throw CLIError(description: "python3 is not on PATH") }
    let script = """
        import sys, json, datetime
        try:
            import yaml
        except ImportError:
            sys.exit("the Python package PyYAML is missing; run: apt-get install python3-yaml (or pip install pyyaml)")
        def plain(value):
            if isinstance(value, (datetime.datetime, datetime.date)):
                return value.isoformat()
            raise TypeError(repr(value))
        out = {}
        for path in sys.argv[1:]:
            text = open(path, encoding='utf-8').read().replace('\\r\\n', '\\n')
            lines = text.split('\\n')
            if lines[0] != '---':
                sys.exit(path + ': no front matter')
            close = lines.index('---', 1)
            data = yaml.safe_load('\\n'.join(lines[1:close]))
            if not isinstance(data, dict):
                sys.exit(path + ': the front matter is not a mapping')
            out[path] = data
        print(json.dumps(out, default=plain))
        """
    let ran = try TestProgram.run(python, ["-c", script] + paths)
    let data = ran.output
    guard ran.succeeded else { throw CLIError(description: "PyYAML could not read the front matter: \(ran.errorText)") }
    guard let parsed = try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]] else {
        throw CLIError(description: "unexpected output from the YAML reader: \(String(decoding: data, as: UTF8.self))")
    }
    return parsed
}

/// The front matter of one file, read with PyYAML.
func yamlFrontMatter(_ path: String) throws -> [String: Any] {
    try #require(try yamlFrontMatters([path])[path])
}

/// Reads CSV text with Python's `csv` module (RFC 4180 dialect, strict) and returns its rows.
func pythonCSVRows(_ text: String) throws -> [[String]] {
    guard let python = python3 else { throw CLIError(description: "python3 is not on PATH") }
    let script = """
        import sys, csv, json, io
        data = sys.stdin.buffer.read().decode('utf-8')
        rows = list(csv.reader(io.StringIO(data, newline=''), strict=True))
        print(json.dumps(rows))
        """
    let ran = try TestProgram.run(python, ["-c", script], input: Data(text.utf8))
    let data = ran.output
    guard ran.succeeded else { throw CLIError(description: "Python's csv module could not read the CSV: \(ran.errorText)") }
    return try #require(try JSONSerialization.jsonObject(with: data) as? [[String]])
}

/// Whether python3 can import `module` (a checker the tests read results with).
func pythonCanImport(_ module: String) -> Bool {
    guard let python = python3 else { return false }
    return (try? TestProgram.run(python, ["-c", "import \(module)"]))?.succeeded ?? false
}

/// Whether Python has PyYAML (the YAML checks need it).
let pythonHasYAML = pythonCanImport("yaml")

/// The lines of a file's text, split at line feeds (a final empty piece dropped).
func practiceLines(_ text: String) -> [String] {
    var parts = text.components(separatedBy: "\n")
    if parts.last == "" { parts.removeLast() }
    return parts
}

/// The indices (0-based) of the lines that differ between two texts of the same line count, or
/// nil when the counts differ.
func changedLineIndices(_ before: String, _ after: String) -> [Int]? {
    let a = practiceLines(before), b = practiceLines(after)
    guard a.count == b.count else { return nil }
    return a.indices.filter { a[$0] != b[$0] }
}
