import AfterflowKit
import ArgumentParser
import Foundation

/// `afterflow assess ID` for an instrument other than PHQ-9 and GAD-7 (MEQ-30, EDI, a vault's
/// own): the answers on its scale, from --answers, a terminal or a pipe; saved with the items,
/// scored by the library.
struct AssessOther {
    let command: Afterflow.AssessCommand
    let vault: Vault
    let session: String?

    func run() throws {
        let catalog = InstrumentCatalog(vault: vault)
        guard let instrument = catalog.instrument(id: command.instrumentName) else {
            throw usageError("no instrument \"\(command.instrumentName.visible())\"; the instruments are \(catalog.all.map(\.id).joined(separator: ", ")) (see 'afterflow instrument list'), or add one with 'afterflow instrument add FILE'",
                             command: "assess")
        }
        let given: [Int]
        if let answers = command.answers {
            given = try Self.parse(answers, for: instrument, source: "--answers")
        } else if Terminal.current.isInteractive {
            guard let asked = Self.ask(instrument) else {
                throw usageError("nothing was saved; answer every item, or give them with --answers", command: "assess")
            }
            given = asked
        } else {
            var parts: [String] = []
            while let line = readLine() { parts += line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
            guard !parts.isEmpty else {
                throw usageError("give the answers with --answers (\(instrument.itemCount) answers, \(instrument.scaleText)), or run it on a terminal to be asked", command: "assess")
            }
            given = try Self.parse(parts.joined(separator: ","), for: instrument, source: "standard input")
        }
        let zone = vault.timeZone
        let now = CommandClock.now
        let when = LocalDate.checkInDate(typed: command.date, moment: try command.date.map { try parseMoment($0, option: "date", zone: zone) },
                                         now: now, timeZone: zone)
        var values = AssessmentAnswer(date: when, instrument: instrument, answers: given, created: LocalDate(now, in: zone))
        values.notes = command.notes ?? ""
        values.session = session
        let path = try withVaultErrors { try DocumentStore(vault: vault).create(values) }
        let score = values.score
        if command.format == .json {
            emit(JSONValue.object([
                ("path", .string(path)), ("id", .string(values.id.uuidString.uppercased())), ("date", .string(values.date.canonical(in: zone))),
                ("instrument", .string(instrument.id)), ("items", .array(given.map { .int($0) })),
                ("session", session.map { .string($0) } ?? .null), ("scores", score.json),
            ]).serialized(pretty: true))
            return
        }
        let total = score.total?.shown(instrument.scoring) ?? "–"
        emit("\(instrument.title.visible()) \(Terminal.current.bold(total))\(score.band.map { ", \($0.visible())" } ?? ""): \(command.vaultOptions.hints.path(path, in: vault))")
        for (name, part) in score.subscales { emit("  \(name.visible()) \(part?.shown(instrument.scoring) ?? "–")") }
        for verdict in score.thresholds { emit("  \(verdict.name.visible()): \(verdict.met.map { $0 ? "yes" : "no" } ?? "not known")") }
    }

    /// `3,4,0` → [3, 4, 0], each on the instrument's scale, as many as its items.
    static func parse(_ text: String, for instrument: Instrument, source: String) throws -> [Int] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var out: [Int] = []
        for (i, part) in parts.enumerated() {
            guard let value = Int(part), (instrument.minimum...instrument.maximum).contains(value) else {
                throw usageError("\(source): item \(i + 1) must be a whole number from \(instrument.scaleText) for \(instrument.title), found \"\(part.visible())\"", command: "assess")
            }
            out.append(value)
        }
        guard out.count == instrument.itemCount else {
            throw usageError("\(source) must give \(instrument.itemCount) answers for \(instrument.title), one for each item in order, found \(out.count)", command: "assess")
        }
        return out
    }

    /// On a terminal: each item in turn (its wording, or its number where the wording is not
    /// shipped), an answer on the scale; three tries an item.
    static func ask(_ instrument: Instrument) -> [Int]? {
        let err = FileHandle.standardError
        var header = "\(instrument.title)."
        if let stem = instrument.stem { header += " \(stem)" }
        if instrument.anchors.count == 2 { header += "\n  \(instrument.minimum) \(instrument.anchors[0]) … \(instrument.maximum) \(instrument.anchors[1])" }
        if !instrument.hasWording { header += "\n  (The wording is not shipped: read each item from your own copy.)" }
        err.write(Data((header.visible(lines: true) + "\n").utf8))
        var out: [Int] = []
        for item in instrument.items {
            err.write(Data("\n\(item.number)/\(instrument.itemCount). \(item.display.visible())\n".utf8))
            var answer: Int?
            for _ in 0..<3 {
                err.write(Data("Answer \(instrument.scaleText): ".utf8))
                guard let line = readLine() else { return nil }
                if let value = Int(line.trimmingCharacters(in: .whitespaces)), (instrument.minimum...instrument.maximum).contains(value) {
                    answer = value
                    break
                }
                err.write(Data("   a whole number from \(instrument.scaleText)\n".utf8))
            }
            guard let answer else { return nil }
            out.append(answer)
        }
        return out
    }
}
