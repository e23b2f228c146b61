@testable import AfterflowKit
import Foundation
import Testing

/// The byte-level reading of a trial line agrees with the careful one on every line it takes,
/// and leaves every other line to it: checked on hand-picked lines and on thousands of random
/// mutations of them.
@Suite struct TrialLineFastPathTests {
    static let lines = [
        "- 15:02:10 s-initial + independent", "- 15:02:31 s-initial - minimal  said /th/ for /s/", "* 09:00 two-step + MODERATE",
        "  -\t15:03:40\ttwo-step\t-\tmaximal\t  note with\ttabs  \t", "- 15:02:10 s-initial + independent  café, ünïcode ✓",
        "- 24:00:00 s-initial + independent", "- 15:60:00 g + i", "- 15:02:10 -bad + independent", "- 15:02:10 g +x independent",
        "- 15:02:10 g + _cue", "- 15:02:10 g +", "- 15:02:10", "-15:02:10 g + i", "text", "", "- ", "- 5:02:10 g + i",
        "- 15:02:10 göal + i", "- 15:02:10 g + i-j_k", "- 15:02:10 g ± i",
    ]

    func agree(_ line: String) {
        var copy = line
        let careful = Trial.readCarefully(line: line, index: 3)
        if let fast = copy.withUTF8({ Trial.readFast($0, index: 3) }) {
            #expect(fast == careful, "\(line.debugDescription)")
        }
        #expect(Trial.read(line: line, index: 3) == careful, "\(line.debugDescription)")
    }

    @Test func handPickedLines() {
        for line in Self.lines { agree(line) }
        var copy = Self.lines[1]
        #expect(copy.withUTF8({ Trial.readFast($0, index: nil) }) != nil, "the common line takes the fast path")
    }

    @Test func randomMutations() {
        var generator = SeededRandom("TrialLineFastPathTests.randomMutations")
        let alphabet = Array(" \t-+*:0123456789abczAZ_é✓")
        for _ in 0..<20_000 {
            var line = Array(Self.lines.randomElement(using: &generator)!)
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = line.isEmpty ? 0 : Int.random(in: 0..<line.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0 where !line.isEmpty: line.remove(at: position)
                case 1: line.insert(alphabet.randomElement(using: &generator)!, at: position)
                default: if !line.isEmpty { line[position] = alphabet.randomElement(using: &generator)! }
                }
            }
            agree(String(line))
        }
    }
}
