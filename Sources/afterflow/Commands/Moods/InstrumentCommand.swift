import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct InstrumentCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "instrument",
            abstract: "The questionnaires afterflow scores: list them, show one, add your own.",
            discussion: """
                An instrument is a questionnaire's definition: its items, the scale they are answered on, its subscales, scoring, bands and thresholds, and when it is given around a session. afterflow ships PHQ-9 and GAD-7 with their wording, and the psychedelic-session instruments MEQ-30, CEQ, EDI and EBI with their item numbers and scoring but not their wording: no licence lets it ship the MEQ-30's, CEQ's or EBI's, and the EDI's is not shipped until it has been read in the article itself. A vault adds its own, or a copy of a built-in with the wording from your own copy, as instruments/ID.md (docs/FORMAT.md, "Instruments").

                Examples:
                  afterflow instrument list
                  afterflow instrument show meq30
                  afterflow instrument show meq30 --file > meq30.md
                  afterflow instrument add meq30.md
                  afterflow assess meq30 --session last
                """,
            subcommands: [List.self, Show.self, Add.self])
    }
}

extension Afterflow.InstrumentCommand.List {
    /// `included`, `partly` or `numbers only`: how much of the items' wording is there.
    static func wording(_ instrument: Instrument) -> String {
        let worded = instrument.items.filter { $0.text != nil }.count
        return worded == instrument.itemCount ? "included" : worded == 0 ? "numbers only" : "partly"
    }
}

extension Afterflow.InstrumentCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the instruments: id, title, items, scale, scoring and where each comes from.",
            discussion: """
                WORDING says whether the items' wording is there (included), some of it (partly), or must come from your own copy (numbers only); FROM is built-in, or the vault file that defines it.

                Examples:
                  afterflow instrument list
                  afterflow instrument list --format json
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Option(help: ArgumentHelp("table, or json for scripts.", valueName: "format"))
        var format: ListFormat = .table

        func run() throws {
            let vault = try vaultOptions.open()
            let catalog = InstrumentCatalog(vault: vault)
            if format == .json {
                emit(JSONValue.array(catalog.all.map(\.json)).serialized(pretty: true))
                return
            }
            var rows = [["ID", "TITLE", "MEASURES", "ITEMS", "SCALE", "SCORE", "GIVEN", "WORDING", "FROM"]]
            for instrument in catalog.all {
                var from = "built-in"
                if case .vault(let path) = instrument.source { from = path }
                rows.append([instrument.id, instrument.title, instrument.measures, String(instrument.itemCount), instrument.scaleText,
                             instrument.scoring.rawValue.replacingOccurrences(of: "_", with: " "), instrument.givenWords,
                             Self.wording(instrument), from].map { $0.visible() })
            }
            for line in TextTable.lines(rows, rightAligned: [3]).enumerated() {
                emit(line.offset == 0 ? Terminal.current.bold(line.element) : line.element)
            }
            let problems = catalog.diagnostics.filter { $0.severity == .error }
            if !problems.isEmpty {
                ErrorStream.current.write("\(problems.count) error\(problems.count == 1 ? "" : "s") in instrument files leave them out; see 'afterflow check'\n")
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show an instrument: its items, scale, subscales, scoring, bands and thresholds.",
            discussion: """
                With --file, prints the built-in's definition as an instrument file, to copy into your vault with your own wording and add with 'afterflow instrument add' (PHQ-9 and GAD-7 are not written as files).

                Examples:
                  afterflow instrument show meq30
                  afterflow instrument show edi --format json
                  afterflow instrument show ebi --file > ebi.md
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The instrument's id: phq9, meq30, … (see 'afterflow instrument list').", valueName: "id"))
        var id: String

        @Flag(help: "Print the built-in definition as an instrument file.")
        var file = false

        @Option(help: ArgumentHelp("text, or json for scripts.", valueName: "format"))
        var format: DataFormat = .text

        func run() throws {
            let vault = try vaultOptions.open()
            let catalog = InstrumentCatalog(vault: vault)
            let instrument = try Self.find(id, in: catalog)
            if file {
                guard let text = BuiltInInstruments.text(id: instrument.id) else {
                    throw usageError("\(instrument.title) has no built-in definition file; only meq30, ceq, edi and ebi are written as files", command: "instrument show")
                }
                emit(bytes: Array(text.utf8))
                return
            }
            if format == .json {
                emit(instrument.json.serialized(pretty: true))
                return
            }
            for line in Self.lines(instrument) { emit(line.visible()) }
        }

        /// The instrument named `id`, or a usage error listing those there are.
        static func find(_ id: String, in catalog: InstrumentCatalog) throws -> Instrument {
            guard let instrument = catalog.instrument(id: id) else {
                throw usageError("no instrument \"\(id.visible())\"; the instruments are \(catalog.all.map(\.id).joined(separator: ", ")) (afterflow instrument list)",
                                 command: "instrument show")
            }
            return instrument
        }

        static func lines(_ i: Instrument) -> [String] {
            var from = "built into afterflow"
            if case .vault(let path) = i.source { from = "from " + path }
            var out = ["\(i.title) (\(i.id)): \(i.measures)", "  \(i.citation)", "  licence: \(i.licence); \(from)",
                       "  given \(i.givenWords)", ""]
            if let stem = i.stem { out += [stem, ""] }
            let anchors = i.anchors.isEmpty ? "" : " (\(i.anchors.joined(separator: " … ")))"
            out.append("Each item is answered \(i.scaleText)\(anchors):")
            for item in i.items { out.append(String(format: "%3d. ", item.number) + item.display + (item.reverse ? "  (reverse-scored)" : "")) }
            if !i.hasWording { out.append("The wording is not shipped; add it from your own copy with 'afterflow instrument show \(i.id) --file'.") }
            out += ["", "Score: \(i.scoring.rawValue.replacingOccurrences(of: "_", with: " ")) of the items, 0-\(scoreText(i.maximumScore))."]
            for s in i.subscales { out.append("  \(s.name): items \(s.items.map(String.init).joined(separator: ", "))") }
            for b in i.bands { out.append("  band \(b.name): \(scoreText(b.lower))-\(scoreText(b.upper))") }
            for t in i.thresholds { out.append("  \(t.name): \(t.ruleText)") }
            if let loinc = i.loinc { out.append("  LOINC \(loinc)") }
            return out
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add an instrument file to the vault as instruments/ID.md, after checking it.",
            discussion: """
                FILE is an instrument definition (docs/FORMAT.md, "Instruments"): front matter with id, title, citation, licence and scale, and a '## Items' section with one line an item. A file with an error is refused with the line and column of each. A copy of a built-in (same id) may add the wording but must keep its items, scale and scoring. An existing instruments/ID.md is replaced only with --force.

                Examples:
                  afterflow instrument add meq30.md      (from 'instrument show meq30 --file')
                  afterflow instrument add ~/Documents/bdi.md --force
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The instrument file to add.", valueName: "file"))
        var file: String

        @Flag(help: "Replace instruments/ID.md if it is there.")
        var force = false

        @Option(help: ArgumentHelp("text, or json for scripts.", valueName: "format"))
        var format: DataFormat = .text

        func run() throws {
            let vault = try vaultOptions.open()
            let bytes = try withVaultErrors { try FileIO.read(LocalPaths.absolute(file)) }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw usageError("\(file.visible()) is not UTF-8 text; save it as UTF-8 and try again", command: "instrument add")
            }
            let added = try withVaultErrors { try DocumentStore(vault: vault).addInstrument(text: text, sourceName: file, replacing: force) }
            if format == .json {
                emit(JSONValue.object([("path", .string(added.path)), ("id", .string(added.instrument.id)), ("replaced", .bool(added.replaced))]).serialized(pretty: true))
                return
            }
            let wording = added.instrument.hasWording ? "with its wording" : "without all its wording"
            emit("\(added.replaced ? "Replaced" : "Added") \(added.instrument.title.visible()), \(added.instrument.itemCount) items \(wording): \(vaultOptions.hints.path(added.path, in: vault))")
        }
    }
}
