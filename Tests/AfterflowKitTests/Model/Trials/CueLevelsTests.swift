@testable import AfterflowKit
import Testing

/// `CueLevels.choose`: the one rule of `trial`, the live logger and the phone page for a trial's
/// cue level.
@Suite("cue levels")
struct CueLevelsTests {
    static func goal(cue: String?) -> Goal {
        let lines = ["---", "type: goal", "id: 1", "client: 2", "title: Produce /s/"] + (cue.map { ["cue: \($0)"] } ?? []) + ["---", ""]
        return Goal(document: Document(lines.joined(separator: "\n")))
    }

    @Test("a level given wins; a first letter or number names one; one that names none is nil")
    func given() {
        let cues = CueLevels.aba
        #expect(cues.choose("verbal", for: Self.goal(cue: "model")) == "verbal")
        #expect(cues.choose("g", for: nil) == "gestural")
        #expect(cues.choose("3", for: nil) == "verbal")
        // "p" starts only partial-physical; "f" only full-physical; "x" nothing.
        #expect(cues.choose("p", for: nil) == "partial-physical")
        #expect(cues.choose("x", for: Self.goal(cue: "model")) == nil)
    }

    @Test("no level given: the goal's cue when it is one of the levels, else the independent one")
    func byDefault() {
        let cues = CueLevels.standard
        #expect(cues.choose(nil, for: Self.goal(cue: "Moderate")) == "moderate")
        // A goal whose cue the vault's levels do not list (written for another vault's levels).
        #expect(cues.choose(nil, for: Self.goal(cue: "gestural")) == "independent")
        #expect(cues.choose(nil, for: Self.goal(cue: nil)) == "independent")
        #expect(cues.choose(nil, for: nil) == "independent")
        #expect(CueLevels(["Full", "Partial"]).defaultLevel(for: nil) == "full")
    }
}
