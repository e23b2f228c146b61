import Foundation
import Testing

/// Compares `text` with the golden file `Snapshots/NAME`. With `AFTERFLOW_RECORD=1` in the
/// environment it writes the file instead (and fails, so that a recording run is never taken for
/// a passing one); review the change with `git diff` and run again without it.
func assertSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = Fixtures.repository.appendingPathComponent("Tests/AfterflowKitTests/Snapshots").appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["AFTERFLOW_RECORD"] == "1" {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let previous = try? Data(contentsOf: url)
        do {
            try Data(text.utf8).write(to: url)
        } catch {
            Issue.record("cannot record \(url.path): \(error)", sourceLocation: sourceLocation)
            return
        }
        if previous != Data(text.utf8) {
            Issue.record("recorded \(name); check it with git diff, then run the tests without AFTERFLOW_RECORD", sourceLocation: sourceLocation)
        }
        return
    }
    guard let data = try? Data(contentsOf: url) else {
        Issue.record("no snapshot \(name); record it with AFTERFLOW_RECORD=1 swift test --filter …", sourceLocation: sourceLocation)
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard expected != text else { return }
    let actualLines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let index = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(actualLines.count, expectedLines.count)
    let want = index < expectedLines.count ? String(expectedLines[index]) : "(end of file)"
    let got = index < actualLines.count ? String(actualLines[index]) : "(end of file)"
    Issue.record("""
        \(name) differs from its snapshot at line \(index + 1):
          expected: \(want)
          actual:   \(got)
        If the change is intended, record it with AFTERFLOW_RECORD=1.
        """, sourceLocation: sourceLocation)
}
