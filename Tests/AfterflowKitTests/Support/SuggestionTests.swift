@testable import AfterflowKit
import Testing

/// "Did you mean": the nearest name to a slip of the keyboard (#10).
@Suite struct SuggestionTests {
    static let commands = ["init", "new", "list", "show", "search", "stats", "set", "edit", "reflect", "drafts", "remind", "due",
                           "reminders", "open", "delete", "undo", "trash", "check", "fmt", "index", "export", "import", "tags"]

    @Test("slips find their word", arguments: [
        ("lst", "list"), ("lsit", "list"), ("LIST", nil), ("stat", "stats"), ("shwo", "show"), ("reflcet", "reflect"),
        ("exprot", "export"), ("exp", "export"), ("delet", "delete"), ("remindrs", "reminders"), ("chek", "check"),
    ])
    func commands(_ typed: String, _ expected: String?) {
        #expect(Suggestion.nearest(to: typed, among: Self.commands) == (typed == "LIST" ? nil : expected))
    }

    @Test("values", arguments: [
        ("ketamin", "ketamine"), ("Ketamin", "ketamine"), ("psilocibin", "psilocybin"), ("msdma", "mdma"), ("lds", "lsd"),
        ("sublingal", "sublingual"), ("oarl", "oral"),
    ])
    func values(_ typed: String, _ expected: String) {
        let names = Treatment.allCases.map(\.rawValue) + Administration.allCases.map(\.rawValue)
        #expect(Suggestion.nearest(to: typed, among: names) == expected)
    }

    @Test("nothing near, nothing suggested", arguments: ["xyzzy", "aspirin", "q", "re", "ketamine"])
    func none(_ typed: String) {
        let names = Treatment.allCases.map(\.rawValue) + Self.commands
        #expect(Suggestion.nearest(to: typed, among: names) == nil)
        #expect(Suggestion.clause(for: typed, among: names) == "")
    }

    @Test("the clause for a message")
    func clause() {
        #expect(Suggestion.clause(for: "ketamin", among: Treatment.allCases.map(\.rawValue)) == "; did you mean \"ketamine\"?")
    }

    @Test("edit distance counts a swap of neighbours as one", arguments: [
        ("", "", 0), ("a", "", 1), ("list", "lsit", 1), ("kitten", "sitting", 3), ("ab", "ba", 1), ("abc", "ca", 3),
    ])
    func distance(_ a: String, _ b: String, _ expected: Int) {
        #expect(Suggestion.distance(a, b) == expected)
        #expect(Suggestion.distance(b, a) == expected)
    }
}
