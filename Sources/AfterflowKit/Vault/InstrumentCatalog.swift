import Foundation

/// The instruments a vault knows: afterflow's built-ins (`BuiltInInstruments`) and the vault's own
/// definitions in `instruments/*.md` (docs/FORMAT.md "Instruments"). A vault file whose id is a
/// built-in's stands in its place (the user's copy with the wording; `afterflow instrument add`
/// checks that it scores the same). What every front end asks: `all`, `instrument(id:)`, and
/// the instrument's `score(answers:)`.
public struct InstrumentCatalog: Sendable {
    /// The folder of the vault's instrument files.
    public static let folder = "instruments"

    /// Built-ins first, in their order (a vault copy in a built-in's place), then the vault's own
    /// by id.
    public let all: [Instrument]
    /// The vault's instrument files as read, in path order, each with its problems.
    public let files: [(path: String, file: InstrumentFile)]

    /// The built-ins alone.
    public init() {
        all = BuiltInInstruments.all
        files = []
    }

    /// The built-ins and `vault`'s `instruments/*.md` (files with errors left out of `all`).
    public init(vault: Vault) {
        var read: [(String, InstrumentFile)] = []
        for path in VaultScanner.documentPaths(in: vault, under: Self.folder).sorted() {
            guard let absolute = try? vault.path(path), let bytes = try? FileIO.read(absolute) else { continue }
            read.append((path, InstrumentFile(document: Document(bytes: bytes), source: .vault(path))))
        }
        self.init(files: read)
    }

    /// The built-ins and instrument files already read (vault-relative path, file).
    public init(files: [(path: String, file: InstrumentFile)]) {
        self.files = files
        var own: [String: Instrument] = [:]
        for (_, file) in files {
            if let instrument = file.instrument, own[instrument.id] == nil { own[instrument.id] = instrument }
        }
        var all = BuiltInInstruments.all.map { own.removeValue(forKey: $0.id) ?? $0 }
        all += own.values.sorted { $0.id < $1.id }
        self.all = all
    }

    /// The instrument named `id` (`MEQ-30`, `meq30`: compared as `Instrument.normalizedID`).
    public func instrument(id: String) -> Instrument? {
        let key = Instrument.normalizedID(id)
        return all.first { $0.id == key }
    }

    /// The built-in named `id`, whatever the vault holds.
    public static func builtIn(id: String) -> Instrument? {
        let key = Instrument.normalizedID(id)
        return BuiltInInstruments.all.first { $0.id == key }
    }

    /// Every problem of the vault's instrument files, each with its path: their own, and two files
    /// defining one id (an error on each but the first by path).
    public var diagnostics: [Diagnostic] {
        var out: [Diagnostic] = []
        var firstPath: [String: String] = [:]
        for (path, file) in files {
            out += file.diagnostics.map { var d = $0; d.path = path; return d }
            guard let id = file.instrument?.id else { continue }
            if let first = firstPath[id] {
                let at = file.document.frontMatter?.entry("id")?.valueLocation ?? SourceLocation(line: 1, column: 1)
                out.append(Diagnostic(.error, "instrument \(id) is also defined by \(first); keep one file an instrument", at: at, path: path))
            } else {
                firstPath[id] = path
            }
        }
        return out
    }
}
