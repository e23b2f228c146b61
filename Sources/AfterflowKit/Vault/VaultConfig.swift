import Foundation

/// The vault's settings, from `.afterflow/config.yml` (tracked in git).
public struct VaultConfig: Sendable {
    public var version = 1
    public var timeZone: TimeZone
    public var defaultTreatment: Treatment?
    public var defaultAdministration: Administration?
    public var diagnostics: [Diagnostic] = []

    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    /// Reads the settings; unknown keys are kept in the file and ignored here.
    public init(bytes: [UInt8]) {
        self.init()
        let lines = SourceLines.split(bytes, from: 0)
        var parser = FrontMatterParser(bytes: bytes, lines: lines)
        parser.parse(0..<lines.count)
        diagnostics = parser.diagnostics
        for entry in parser.entries {
            guard let scalar = entry.value.scalar else { continue }
            let text = scalar.text.trimmingASCIIWhitespace()
            switch entry.key {
            case "version":
                if let value = Int(text) { version = value }
            case "time_zone":
                if let zone = TimeZone(identifier: text) {
                    timeZone = zone
                } else {
                    diagnostics.append(.error("time_zone must be a time zone name like America/Los_Angeles or Europe/Berlin, found \(quoted(text))", at: scalar.location))
                }
            case "default_treatment":
                if let value = Treatment(parsing: text) {
                    defaultTreatment = value
                } else {
                    diagnostics.append(.error("default_treatment must be one of \(Treatment.expectedList), found \(quoted(text))", at: scalar.location))
                }
            case "default_administration":
                if let value = Administration(parsing: text) {
                    defaultAdministration = value
                } else {
                    diagnostics.append(.error("default_administration must be one of \(Administration.expectedList), found \(quoted(text))", at: scalar.location))
                }
            default:
                continue
            }
        }
    }

    /// The defaults `init` writes when not told others.
    public static let initialTreatment = Treatment.psilocybin
    public static let initialAdministration = Administration.oral

    /// The file `init` writes.
    public static func initialText(timeZoneName: String, treatment: Treatment = initialTreatment,
                                   administration: Administration = initialAdministration) -> String {
        """
        # Afterflow vault settings. Tracked in git; edit freely.
        version: 1
        time_zone: \(YAMLWriter.scalar(timeZoneName))
        default_treatment: \(treatment.rawValue)
        default_administration: \(administration.rawValue)

        """
    }

    /// `.afterflow/.gitignore`: the tool's own state stays out of git.
    public static let gitignoreText = """
        # The tool's own state: rebuilt or recreated as needed, never shared.
        index.sqlite*
        drafts/
        trash/
        queue/
        lock
        *.tmp

        """
}
