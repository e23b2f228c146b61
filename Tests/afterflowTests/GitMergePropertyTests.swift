import Foundation
import PropertyBased
import Testing

/// For random pairs of edits from a common ancestor, a real `git merge` with the driver set up by
/// `afterflow git setup` (so `afterflow merge-driver` run by git) keeps every reflection entry and
/// trial line of both sides (#15). Fewer cases than the library's property test
/// (DocumentMergePropertyTests), since each one is a git merge.
@Suite("git merges random edits of one document with afterflow's driver")
struct GitMergePropertyTests {
    /// Draws choices from a list of numbers, so that a failing case is reproduced by its numbers.
    struct Choices {
        var numbers: [Int]
        var next = 0
        mutating func pick(_ count: Int) -> Int {
            defer { next += 1 }
            return numbers.isEmpty ? 0 : numbers[next % numbers.count] % count
        }
        mutating func chance(_ percent: Int) -> Bool { pick(100) < percent }
    }

    /// A session or a trial session as the parts that edits change.
    struct Model {
        var trials: Bool
        var keys: [(String, String)]
        var notes: [String]
        /// Reflection entries or trial lines, each as its lines.
        var units: [[String]]

        var text: String {
            var out = "---\n"
            for (key, value) in keys { out += "\(key): \(value)\n" }
            out += "---\n# Title\n\n## Notes\n\n"
            for line in notes { out += line + "\n" }
            if trials {
                out += "\n## Trials\n\n"
                for unit in units { out += unit.joined(separator: "\n") + "\n" }
            } else {
                out += "\n## Reflections\n"
                for unit in units { out += "\n" + unit.joined(separator: "\n") + "\n" }
            }
            return out
        }
    }

    static func time(_ c: inout Choices) -> String {
        String(format: "%02d:%02d", 8 + c.pick(12), c.pick(60))
    }

    static func unit(_ c: inout Choices, trials: Bool, tag: String) -> [String] {
        if trials {
            return ["- \(time(&c)):\(String(format: "%02d", c.pick(60))) s-initial \(c.chance(50) ? "+" : "-") independent  \(tag)"]
        }
        var lines = ["[2025-01-\(10 + c.pick(5)) \(time(&c))] \(tag)"]
        if c.chance(30) { lines += ["", "more of \(tag)"] }
        return lines
    }

    static func base(_ c: inout Choices) -> Model {
        let trials = c.chance(50)
        var keys: [(String, String)] = trials
            ? [("type", "trials"), ("id", "3836CC23-E6BE-5485-9638-E63D7D20340D"), ("date", "2025-01-14T15:00:00-08:00")]
            : [("id", "F92D43CF-1CE3-4847-9EAA-38E0B177D7FD"), ("date", "2024-12-10T14:30:00-08:00"), ("mood_before", "5"), ("status", "complete")]
        keys.append(("updated", "2025-01-14T15:05:00-08:00"))
        let notes = (0..<c.pick(4)).map { "note \($0)" }
        let units = (0..<c.pick(4)).map { n in unit(&c, trials: trials, tag: "base \(n)") }
        return Model(trials: trials, keys: keys, notes: notes, units: units)
    }

    /// One side's edits: units added anywhere (as a second device or a second therapist would),
    /// keys of its own, a later `updated`; and, when `plainOnly` is false, a key changed, a note
    /// added or removed, a unit edited.
    static func edit(_ model: Model, _ c: inout Choices, side: String, plainOnly: Bool) -> Model {
        var m = model
        for n in 0..<(1 + c.pick(5)) {
            let tag = "\(side) \(n)"
            switch c.pick(plainOnly ? 3 : 6) {
            case 0:
                m.units.insert(unit(&c, trials: m.trials, tag: tag), at: c.pick(m.units.count + 1))
            case 1:
                m.keys.append(("\(side)_\(n)", "value \(tag)"))
            case 2:
                if let index = m.keys.firstIndex(where: { $0.0 == "updated" }) {
                    m.keys[index].1 = "2025-01-\(15 + c.pick(10))T15:05:00-08:00"
                }
            case 3:
                m.notes.insert(tag, at: c.pick(m.notes.count + 1))
            case 4:
                if !m.units.isEmpty {
                    let index = c.pick(m.units.count)
                    m.units[index][0] += " edited \(tag)"
                }
            default:
                let index = c.pick(m.keys.count)
                m.keys[index].1 = "changed \(tag)"
            }
        }
        return m
    }

    static func git(_ arguments: [String], in directory: String, _ sandbox: Sandbox) throws -> (status: Int32, output: String) {
        try GitMergeTests.git(arguments, in: directory, sandbox, expect: nil)
    }

    @Test("every reflection entry and trial line of both sides is in git's merge")
    func gitMergeKeepsEveryUnit() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let vault = try sandbox.initVault("v", timeZone: "UTC")
        _ = try Self.git(["init", "-q", "-b", "main"], in: vault, sandbox)
        expectStatus(try sandbox.run(["git", "setup"], directory: vault), 0)
        _ = try Self.git(["add", "-A"], in: vault, sandbox)
        _ = try Self.git(["commit", "-q", "--no-verify", "-m", "vault"], in: vault, sandbox)
        let file = vault + "/doc.md"

        let numbers = Gen.int(in: 0...9_999).array(of: 20...80)
        await propertyCheck(count: 25, input: numbers) { numbers in
            var c = Choices(numbers: numbers)
            let plainOnly = c.chance(50)
            let base = Self.base(&c)
            let ours = Self.edit(base, &c, side: "ours", plainOnly: plainOnly)
            let theirs = Self.edit(base, &c, side: "theirs", plainOnly: plainOnly)
            let number = UUID().uuidString.prefix(8)
            let commit: (String, String) throws -> Void = { branch, text in
                _ = try Self.git(["checkout", "-q", "-B", branch], in: vault, sandbox)
                try sandbox.write(file, text)
                _ = try Self.git(["add", "doc.md"], in: vault, sandbox)
                _ = try Self.git(["commit", "-q", "--no-verify", "--allow-empty", "-m", branch], in: vault, sandbox)
            }
            do {
                _ = try Self.git(["checkout", "-q", "main"], in: vault, sandbox)
                try commit("base-\(number)", base.text)
                try commit("theirs-\(number)", theirs.text)
                _ = try Self.git(["checkout", "-q", "base-\(number)"], in: vault, sandbox)
                try commit("ours-\(number)", ours.text)
                let merge = try Self.git(["merge", "--no-edit", "--no-verify", "theirs-\(number)"], in: vault, sandbox)
                let merged = try sandbox.readText(file)
                let context = "git merge → \(merge.status)\n\(merge.output)\nbase:\n\(base.text)\nours:\n\(ours.text)\ntheirs:\n\(theirs.text)\nmerged:\n\(merged)"
                #expect(merge.status == 0 || merged.contains("<<<<<<< ours\n"), "a failed merge leaves its conflict: \(context)")
                for side in [ours, theirs] {
                    for unit in side.units {
                        let text = unit.joined(separator: "\n") + "\n"
                        // A base unit that the other side edited is that side's to replace.
                        let kept = !base.units.contains(unit) || (ours.units.contains(unit) && theirs.units.contains(unit))
                        if kept { #expect(merged.contains(text), "lost '\(text)': \(context)") }
                    }
                }
                if plainOnly {
                    #expect(merge.status == 0, "no conflict for units and keys of each side's own: \(context)")
                    for unit in Set((ours.units + theirs.units).map { $0.joined(separator: "\n") }) {
                        #expect(merged.components(separatedBy: "\n" + unit + "\n").count - 1 == 1, "once: '\(unit)': \(context)")
                    }
                }
                if merge.status != 0 { _ = try Self.git(["merge", "--abort"], in: vault, sandbox) }
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
