import Foundation

extension AgreementFigure {
    /// `algorithm`, `other_name`, `formula`, `numerator`, `denominator`, `percent` (to one decimal,
    /// null when not computable), whether it `reaches_80`, the `parts` compared and the `notes`.
    public var json: JSONValue {
        .object([
            ("algorithm", .string(algorithm.name)), ("other_name", algorithm.otherName.map(JSONValue.string) ?? .null),
            ("formula", .string(algorithm.formula)),
            ("numerator", .number(numerator, places: 3)), ("denominator", .number(denominator, places: 3)),
            ("percent", rounded.map { .number($0, places: 1) } ?? .null), ("reaches_80", reaches().map(JSONValue.bool) ?? .null),
            ("parts", .array(parts.map { part in
                .object([("index", .int(part.index)), ("start", part.start.map { .number($0, places: 3) } ?? .null),
                         ("primary", part.primary.map { .number($0, places: 3) } ?? .null),
                         ("reliability", part.reliability.map { .number($0, places: 3) } ?? .null),
                         ("score", part.score.map { .number($0, places: 3) } ?? .null)])
            })),
            ("notes", .array(notes.map { .string($0.text) })),
        ])
    }

    /// `total count  83.3 %  (5 ÷ 6: smaller total ÷ larger total × 100)`, or `n/a` with why.
    public var line: String {
        let figure = rounded.map { String(format: "%.1f %%", $0) } ?? "n/a"
        let flag = reaches() == false ? "  under 80 %" : ""
        return "\(algorithm.name.padded(to: 30)) \(figure.leftPadded(to: 7))  (\(Self.number(numerator)) ÷ \(Self.number(denominator)): \(algorithm.formula))\(flag)"
            + notes.map { "; " + $0.text }.joined()
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}

extension ObserverComparison {
    /// `bin_seconds`, the `lowest` figure, and per goal its `short`, `measure`, `figures` and `notes`.
    public var json: JSONValue {
        .object([
            ("bin_seconds", .number(binSeconds, places: 3)),
            ("lowest", lowest.map { .number($0, places: 1) } ?? .null),
            ("goals", .array(goals.map { goal in
                .object([("short", .string(goal.short)), ("measure", .string(goal.measure.rawValue)),
                         ("figures", .array(goal.figures.map(\.json))), ("notes", .array(goal.notes.map(JSONValue.string)))])
            })),
        ])
    }

    /// Per goal a heading and a line a figure, with its arithmetic; figures under 80 % flagged.
    public func textLines(style: TextStyle) -> [String] {
        var lines: [String] = []
        for goal in goals {
            let bins = goal.measure == .count ? ", bins of \(BehaviourGoalFigures.clock(binSeconds))" : ""
            lines.append("  " + style.bold(goal.short) + " (\(goal.measure.rawValue)\(bins))")
            lines += goal.figures.map { "    " + $0.line }
            lines += goal.notes.map { "    " + style.dim($0) }
        }
        return lines
    }
}
