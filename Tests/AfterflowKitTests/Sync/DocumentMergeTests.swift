@testable import AfterflowKit
import Foundation
import Testing

func mergeText(_ base: String, _ ours: String, _ theirs: String) -> (text: String, conflicts: Int) {
    let result = DocumentMerge.merge(base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8))
    return (String(decoding: result.bytes, as: UTF8.self), result.conflicts)
}

@Suite("merging two versions of a document")
struct DocumentMergeTests {
    static let session = """
    ---
    id: F92D43CF-1CE3-4847-9EAA-38E0B177D7FD
    date: 2024-12-10T14:30:00-08:00
    treatment: psilocybin
    mood_before: 5
    status: needs-reflection
    created: 2024-12-10T14:31:02-08:00
    updated: 2024-12-10T15:00:00-08:00
    ---
    # Psilocybin • Dec 10, 2024

    ## Intention

    To explore creativity.

    ## Notes

    one
    two
    three

    ## Reflections

    """

    func replacing(_ text: String, _ pairs: [(String, String)]) -> String {
        pairs.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    @Test("reflections written on both sides are all kept, once, in time order, and the status follows")
    func reflections() {
        let base = Self.session + "\n[2024-12-10 16:00] first\n"
        let ours = replacing(base, [("updated: 2024-12-10T15:00:00-08:00", "updated: 2024-12-11T09:00:00-08:00")])
            + "\n[2024-12-11 09:00] laptop\nsecond paragraph\n\nthird paragraph\n"
        let theirs = replacing(base, [("updated: 2024-12-10T15:00:00-08:00", "updated: 2024-12-11T08:00:00-08:00")])
            + "\n[2024-12-11 08:00] desktop\n"
        let merged = mergeText(base, ours, theirs)
        #expect(merged.conflicts == 0)
        #expect(merged.text == replacing(base, [("updated: 2024-12-10T15:00:00-08:00", "updated: 2024-12-11T09:00:00-08:00"),
                                                ("status: needs-reflection", "status: complete")])
            + "\n[2024-12-11 08:00] desktop\n\n[2024-12-11 09:00] laptop\nsecond paragraph\n\nthird paragraph\n")
    }

    @Test("the first reflections on both sides of an empty section")
    func firstReflections() {
        let base = Self.session
        let ours = base + "\n[2024-12-11 09:00] laptop\n"
        let theirs = base + "\n[2024-12-11 08:00] desktop\n"
        let merged = mergeText(base, ours, theirs)
        #expect(merged.conflicts == 0)
        #expect(merged.text == replacing(base, [("status: needs-reflection", "status: complete")]) + "\n[2024-12-11 08:00] desktop\n\n[2024-12-11 09:00] laptop\n")
    }

    @Test("different keys changed on each side are both taken; a line added to a section on one side too")
    func differentKeys() {
        let base = Self.session
        let ours = replacing(base, [("mood_before: 5", "mood_before: 6"), ("two\n", "two\nours\n")])
        let theirs = replacing(base, [("treatment: psilocybin", "treatment: lsd\ndose: 100 ug"), ("To explore", "We explore")])
        let merged = mergeText(base, ours, theirs)
        #expect(merged.conflicts == 0)
        #expect(merged.text == replacing(base, [("mood_before: 5", "mood_before: 6"), ("two\n", "two\nours\n"),
                                                ("treatment: psilocybin", "treatment: lsd\ndose: 100 ug"), ("To explore", "We explore")]))
    }

    @Test("the same key changed differently is one conflict around that key's line only")
    func sameKey() {
        let base = Self.session
        let ours = replacing(base, [("mood_before: 5", "mood_before: 6"), ("one\n", "uno\n")])
        let theirs = replacing(base, [("mood_before: 5", "mood_before: 3"), ("three\n", "tres\n")])
        let merged = mergeText(base, ours, theirs)
        #expect(merged.conflicts == 1)
        #expect(merged.text == replacing(base, [("mood_before: 5", "<<<<<<< ours\nmood_before: 6\n=======\nmood_before: 3\n>>>>>>> theirs"),
                                                ("one\n", "uno\n"), ("three\n", "tres\n")]))
        let document = Document(merged.text)
        #expect(document.diagnostics.map(\.location.line) == [5])
        #expect(document.diagnostics.first?.message.contains("merge conflict") == true)
    }

    @Test("updated takes the later time, whichever side it is on")
    func updated() {
        let base = Self.session
        let ours = replacing(base, [("updated: 2024-12-10T15:00:00-08:00", "updated: 2024-12-11T09:00:00-08:00")])
        let theirs = replacing(base, [("updated: 2024-12-10T15:00:00-08:00", "updated: 2024-12-11T20:00:00Z")])
        #expect(mergeText(base, ours, theirs) == (theirs, 0))
        #expect(mergeText(base, theirs, ours) == (theirs, 0))
    }

    @Test("lines added at the same place of a plain section are a conflict that keeps both")
    func overlap() {
        let base = Self.session
        let ours = replacing(base, [("three\n", "three\nfour\n")])
        let theirs = replacing(base, [("three\n", "three\nvier\n")])
        let merged = mergeText(base, ours, theirs)
        #expect(merged.conflicts == 1)
        #expect(merged.text.contains("three\n<<<<<<< ours\nfour\n=======\nvier\n>>>>>>> theirs\n\n## Reflections"))
        let line = merged.text.components(separatedBy: "\n").firstIndex(of: "<<<<<<< ours")! + 1
        let errors = Document(merged.text).diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.location.line) == [line])
        #expect(errors.first?.message.contains("unresolved merge conflict") == true)
    }

    static let trials = """
    ---
    type: trials
    id: 3836CC23-E6BE-5485-9638-E63D7D20340D
    client: 34AB4857-25A3-5531-8AE9-B66C4720C05A
    date: 2025-01-14T15:00:00-08:00
    end: 2025-01-14T15:05:00-08:00
    updated: 2025-01-14T15:05:00-08:00
    ---

    ## Trials

    - 15:02:23 s-initial + moderate
    - 15:02:51 s-initial - independent

    """

    @Test("trial lines from both sides in time order, an exact duplicate once, the later end")
    func trials() {
        let base = Self.trials
        let ours = replacing(base, [("end: 2025-01-14T15:05:00-08:00", "end: 2025-01-14T15:10:00-08:00")])
            + "- 15:03:00 s-initial + minimal\n- 15:05:00 two-step + independent  both\n"
        let theirs = replacing(base, [("end: 2025-01-14T15:05:00-08:00", "end: 2025-01-14T15:07:00-08:00")])
            + "- 15:02:55 two-step - maximal  theirs\n- 15:05:00 two-step + independent  both\n- 15:06:00 two-step + minimal\n"
        let merged = mergeText(base, ours, theirs)
        #expect(merged.conflicts == 0)
        #expect(merged.text == replacing(base, [("end: 2025-01-14T15:05:00-08:00", "end: 2025-01-14T15:10:00-08:00")])
            + "- 15:02:55 two-step - maximal  theirs\n- 15:03:00 s-initial + minimal\n- 15:05:00 two-step + independent  both\n- 15:06:00 two-step + minimal\n")
    }

    @Test("a trial removed on one side and kept on the other is removed")
    func trialRemoved() {
        let base = Self.trials
        let ours = base.replacingOccurrences(of: "- 15:02:51 s-initial - independent\n", with: "")
        let theirs = base + "- 15:06:00 two-step + minimal\n"
        let merged = mergeText(base, ours, theirs)
        #expect(merged == (ours + "- 15:06:00 two-step + minimal\n", 0))
    }

    @Test("a file without front matter merges by lines")
    func plain() {
        let base = "a\nb\nc\nd\ne\n"
        #expect(mergeText(base, "A\nb\nc\nd\ne\n", "a\nb\nc\nd\nE\n") == ("A\nb\nc\nd\nE\n", 0))
        #expect(mergeText(base, "a\nB\nc\nd\ne\n", "a\nX\nc\nd\ne\n") == ("a\n<<<<<<< ours\nB\n=======\nX\n>>>>>>> theirs\nc\nd\ne\n", 1))
        #expect(mergeText("", "x\n", "y\n") == ("<<<<<<< ours\nx\n=======\ny\n>>>>>>> theirs\n", 1))
    }

    @Test("CRLF files stay CRLF")
    func crlf() {
        let base = Self.session.replacingOccurrences(of: "\n", with: "\r\n")
        let ours = base + "\r\n[2024-12-11 09:00] laptop\r\n"
        let theirs = base.replacingOccurrences(of: "one\r\n", with: "uno\r\n")
        let merged = mergeText(base, ours, theirs)
        #expect(merged.conflicts == 0)
        #expect(merged.text == ours.replacingOccurrences(of: "one\r\n", with: "uno\r\n").replacingOccurrences(of: "status: needs-reflection", with: "status: complete"))
    }

    @Test("a long file changed all over on both sides is merged without a table too large, keeping every line")
    func longFile() {
        let base = (0..<2500).map { "line \($0)" }
        let ours = base.enumerated().map { $0.offset % 2 == 0 ? $0.element + " ours" : $0.element }
        var theirs = base
        theirs[1] = "line 1 theirs"
        theirs[2498] = "line 2498 theirs"
        let merged = mergeText(base.joined(separator: "\n") + "\n", ours.joined(separator: "\n") + "\n", theirs.joined(separator: "\n") + "\n")
        #expect(merged.conflicts >= 1)
        let lines = Set(merged.text.components(separatedBy: "\n"))
        #expect(ours.allSatisfy(lines.contains) && theirs.allSatisfy(lines.contains))
    }
}
