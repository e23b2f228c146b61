@testable import AfterflowKit
import Foundation
import PropertyBased
import Testing

/// For random pairs of edits from a common ancestor, the merge keeps every line either side
/// added, every reflection entry and trial line of both sides, and gives no conflict when the
/// sides only added reflections, trials and keys of their own.
@Suite struct DocumentMergePropertyTests {
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

    /// A session or trial session as parts that edits change.
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

    static func base(_ c: inout Choices) -> Model {
        let trials = c.chance(50)
        var keys: [(String, String)] = trials
            ? [("type", "trials"), ("id", "3836CC23-E6BE-5485-9638-E63D7D20340D"), ("date", "2025-01-14T15:00:00-08:00"), ("end", "2025-01-14T15:05:00-08:00")]
            : [("id", "F92D43CF-1CE3-4847-9EAA-38E0B177D7FD"), ("date", "2024-12-10T14:30:00-08:00"), ("mood_before", "5"), ("status", "complete")]
        keys.append(("updated", "2025-01-14T15:05:00-08:00"))
        let notes = (0..<c.pick(5)).map { "note \($0)" }
        let units = (0..<c.pick(4)).map { n in unit(&c, trials: trials, tag: "base \(n)") }
        return Model(trials: trials, keys: keys, notes: notes, units: units)
    }

    static func unit(_ c: inout Choices, trials: Bool, tag: String) -> [String] {
        if trials {
            return ["- \(time(&c)):\(String(format: "%02d", c.pick(60))) s-initial \(c.chance(50) ? "+" : "-") independent  \(tag)"]
        }
        var lines = ["[2025-01-\(10 + c.pick(5)) \(time(&c))] \(tag)"]
        if c.chance(30) { lines += ["", "more of \(tag)"] }
        return lines
    }

    /// One side's random edits. `plainOnly` edits only what merges without conflict (units, keys
    /// of its own, the later `updated`).
    static func edit(_ model: Model, _ c: inout Choices, side: String, plainOnly: Bool) -> Model {
        var m = model
        for n in 0..<(1 + c.pick(5)) {
            let tag = "\(side) \(n)"
            switch c.pick(plainOnly ? 3 : 7) {
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
                if !m.notes.isEmpty { m.notes.remove(at: c.pick(m.notes.count)) }
            case 5:
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

    @Test func everyLineEitherSideAddedIsInTheResult() async {
        let numbers = Gen.int(in: 0...9_999).array(of: 20...80)
        await propertyCheck(count: 500, input: numbers) { numbers in
            var c = Choices(numbers: numbers)
            let plainOnly = c.chance(50)
            let base = Self.base(&c)
            let ours = Self.edit(base, &c, side: "ours", plainOnly: plainOnly)
            let theirs = Self.edit(base, &c, side: "theirs", plainOnly: plainOnly)
            let merged = mergeText(base.text, ours.text, theirs.text)
            let resultLines = Set(merged.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            let baseLines = Set(base.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            for side in [ours, theirs] {
                for line in side.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) where !baseLines.contains(line) {
                    // The keys that take one side's value: updated, a trial session's end, the derived status.
                    if line.hasPrefix("updated: ") || line.hasPrefix("status: ") || (base.trials && line.hasPrefix("end: ")) { continue }
                    #expect(resultLines.contains(line), "lost '\(line)'\nbase:\n\(base.text)\nours:\n\(ours.text)\ntheirs:\n\(theirs.text)\nmerged:\n\(merged.text)")
                }
                for unit in side.units {
                    let text = unit.joined(separator: "\n")
                    let baseHas = base.units.contains(unit)
                    if !baseHas {
                        #expect(merged.text.contains(text), "lost unit '\(text)'\nmerged:\n\(merged.text)")
                    }
                }
            }
            if plainOnly {
                #expect(merged.conflicts == 0, "conflict\nbase:\n\(base.text)\nours:\n\(ours.text)\ntheirs:\n\(theirs.text)\nmerged:\n\(merged.text)")
                // Units both sides kept from the base are there once; every added one once.
                for unit in Set((ours.units + theirs.units).map { $0.joined(separator: "\n") }) {
                    let count = merged.text.components(separatedBy: "\n" + unit + "\n").count - 1
                    #expect(count == 1, "'\(unit)' \(count) times\nmerged:\n\(merged.text)")
                }
                // In time order, when both sides added to the section (one side's section alone is taken as it is).
                let times = merged.text.split(separator: "\n").compactMap { line -> String? in
                    if base.trials { return line.hasPrefix("- ") ? String(line.dropFirst(2).prefix(8)) : nil }
                    return line.hasPrefix("[2025-") ? String(line.prefix(18)) : nil
                }
                // (Reflections added with --prepend run from the latest: when ours run that way, so does the result.)
                if ours.units != base.units && theirs.units != base.units {
                    #expect(times == times.sorted() || (!base.trials && times == times.sorted(by: >)), "in time order\nmerged:\n\(merged.text)")
                }
            }
            #expect(merged.conflicts == merged.text.components(separatedBy: "<<<<<<< ours\n").count - 1)
        }
    }
}
