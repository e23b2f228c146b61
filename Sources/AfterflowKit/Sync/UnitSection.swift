/// A section whose content is a list of dated units that both sides may add to: a session's
/// `## Reflections` (each `[YYYY-MM-DD HH:MM] text` entry, with the lines that follow it up to the
/// next entry, is one unit) and a trial session's `## Trials` (each trial or behaviour event
/// line, with any lines that follow it up to the next, is one unit).
///
/// The merge keeps every unit of both sides, a unit that both hold once, and drops a unit only
/// when one side removed it and the other kept it unchanged; the units are sorted by time (stably,
/// so units of the same time keep their order). The text before the first unit merges by lines.
struct UnitSection {
    enum Kind { case reflections, trials }
    var kind: Kind

    init?(key: String, kind documentKind: DocumentKind?) {
        switch (key, documentKind) {
        case ("reflections", .session?): kind = .reflections
        case ("trials", .trials?): kind = .trials
        default: return nil
        }
    }

    /// The time that starts a unit, as text that sorts in time order; nil for a line that does
    /// not start one.
    func time(of line: Diff3.Line) -> String? {
        switch kind {
        case .reflections:
            // [YYYY-MM-DD HH:MM]
            guard line.count >= 18, line[0] == UInt8(ascii: "["), line[17] == UInt8(ascii: "]") else { return nil }
            let pattern = Array("0000-00-00 00:00".utf8)
            for (offset, expected) in pattern.enumerated() {
                let byte = line[1 + offset]
                if expected == UInt8(ascii: "0") {
                    guard byte >= 0x30 && byte <= 0x39 else { return nil }
                } else if byte != expected {
                    return nil
                }
            }
            return String(decoding: line[1..<17], as: UTF8.self)
        case .trials:
            let text = String(decoding: line, as: UTF8.self)
            if case .trial(let trial) = Trial.read(line: text) { return trial.time.text }
            // A behaviour event line is a unit of its own, as a trial is.
            if case .event(let event)? = BehaviourEvent.read(line: text) { return event.time.text }
            return nil
        }
    }

    struct Split {
        var heading: [Diff3.Line]
        var lead: [Diff3.Line]
        var units: [(time: String, lines: [Diff3.Line])]
        var trailer: [Diff3.Line]
    }

    static func isBlank(_ line: Diff3.Line) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    func split(_ lines: [Diff3.Line]) -> Split {
        guard let heading = lines.first else { return Split(heading: [], lead: [], units: [], trailer: []) }
        var content = Array(lines.dropFirst())
        var trailer: [Diff3.Line] = []
        while let last = content.last, Self.isBlank(last) { trailer.insert(content.removeLast(), at: 0) }
        var lead: [Diff3.Line] = []
        var units: [(time: String, lines: [Diff3.Line])] = []
        for line in content {
            if let time = time(of: line) {
                units.append((time, [line]))
            } else if units.isEmpty {
                lead.append(line)
            } else {
                units[units.count - 1].lines.append(line)
            }
        }
        // Blank lines between units separate them; they are written again between the units.
        for index in units.indices {
            while let last = units[index].lines.last, Self.isBlank(last) { units[index].lines.removeLast() }
        }
        return Split(heading: [heading], lead: lead, units: units, trailer: trailer)
    }

    func merge(base: [Diff3.Line], ours: [Diff3.Line], theirs: [Diff3.Line]) -> Diff3.Output {
        let b = split(base), o = split(ours), t = split(theirs)
        var conflicts = 0
        var out: [Diff3.Line] = []
        let heading = Diff3.merge(base: b.heading, ours: o.heading, theirs: t.heading)
        out += heading.lines
        conflicts += heading.conflicts
        let lead = Diff3.merge(base: b.lead, ours: o.lead, theirs: t.lead)
        out += lead.lines
        conflicts += lead.conflicts

        func counts(_ split: Split) -> [[Diff3.Line]: Int] {
            var counts: [[Diff3.Line]: Int] = [:]
            for unit in split.units { counts[unit.lines, default: 0] += 1 }
            return counts
        }
        let bc = counts(b), oc = counts(o), tc = counts(t)
        // How many of each unit the result holds: a side's count where the other kept the base's,
        // the larger count where both changed it.
        func wanted(_ unit: [Diff3.Line]) -> Int {
            let x = oc[unit, default: 0], y = tc[unit, default: 0], z = bc[unit, default: 0]
            if x == z { return y }
            if y == z { return x }
            return max(x, y)
        }
        var taken: [[Diff3.Line]: Int] = [:]
        var units: [(time: String, lines: [Diff3.Line])] = []
        for unit in o.units + t.units where taken[unit.lines, default: 0] < wanted(unit.lines) {
            taken[unit.lines, default: 0] += 1
            units.append(unit)
        }
        let descending = kind == .reflections && Self.isDescending(o.units.map(\.time))
        let ordered = units.enumerated().sorted { x, y in
            if x.element.time != y.element.time {
                return descending ? x.element.time > y.element.time : x.element.time < y.element.time
            }
            return x.offset < y.offset
        }.map(\.element)

        let separator: [Diff3.Line] = kind == .reflections ? [[]] : []
        if !ordered.isEmpty, let last = out.last, !Self.isBlank(last), kind == .reflections, !lead.lines.isEmpty {
            out.append([])
        }
        for (index, unit) in ordered.enumerated() {
            if index > 0 { out += separator }
            out += unit.lines
        }
        out += o.trailer.isEmpty ? t.trailer : o.trailer
        return Diff3.Output(lines: out, conflicts: conflicts)
    }

    /// Whether the times run from latest to earliest (entries added first with `--prepend`).
    static func isDescending(_ times: [String]) -> Bool {
        var strictly = false
        for (x, y) in zip(times, times.dropFirst()) {
            if x < y { return false }
            if x > y { strictly = true }
        }
        return strictly
    }
}
