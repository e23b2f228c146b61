@testable import AfterflowKit
import Foundation
import Testing

@Suite("Route catalogue: the built-in routes of administration and the vault's own (routes:)")
struct RouteCatalogTests {
    static func config(_ text: String) -> VaultConfig {
        VaultConfig(bytes: Array("version: 1\n\(text)\n".utf8))
    }

    /// A session with `administration:` on line 5 (after ---, id, date, treatment); its value
    /// starts at column 17 ("administration: " is 16 bytes).
    static func session(route: String) -> Session {
        Session(parsing: "---\nid: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34\ndate: 2024-12-10T14:30:00-08:00\ntreatment: 5-meo-dmt\nadministration: \(route)\nmood_before: 5\n---\n## Intention\n\nListen.\n\n## Reflections\n")
    }

    @Test("built in: the app's five and sublingual unchanged, inhaled added before other")
    func builtIn() {
        let catalog = RouteCatalog.builtIn
        #expect(catalog.names == ["intravenous", "intramuscular", "oral", "nasal", "sublingual", "inhaled", "other"])
        #expect(catalog.displayName(of: .inhaled) == "Inhaled")
        #expect(catalog.displayName(of: .intravenous) == "Intravenous (IV)")
        #expect(catalog.route(parsing: "Inhaled") == .inhaled)
        #expect(catalog.route(parsing: "IM") == .intramuscular)
        #expect(catalog.route(parsing: "rectal") == nil)
        // The app's CSV has five routes: inhaled, like sublingual, is its Other.
        #expect(Administration.inhaled.appName == "Other" && Administration.nasal.appName == "Nasal")
    }

    @Test("routes: adds the vault's own, with a display name when given, after the built-in ones")
    func vaultRoutes() {
        let config = Self.config("routes: [rectal, buccal=Buccal (in the cheek), inhaled=Vaporised]")
        #expect(config.diagnostics.isEmpty)
        // 7 built in + rectal + buccal; inhaled is renamed in place, not added.
        #expect(config.routes.names == ["intravenous", "intramuscular", "oral", "nasal", "sublingual", "inhaled", "other", "rectal", "buccal"])
        #expect(config.routes.displayName(of: Administration(rawValue: "rectal")!) == "Rectal")
        #expect(config.routes.displayName(of: Administration(rawValue: "buccal")!) == "Buccal (in the cheek)")
        #expect(config.routes.displayName(of: .inhaled) == "Vaporised")
        #expect(config.routes.route(parsing: "buccal (IN the cheek)")?.rawValue == "buccal")
    }

    @Test("a bad or repeated item is an error at that item and is left out")
    func badItems() {
        let config = Self.config("routes: [rectal, under tongue, rectal]")
        // Line 2 (after version); "under tongue" starts at column 18, the second rectal at 32.
        #expect(config.diagnostics.map(\.message) == [
            "each of routes must be a name of letters, digits, - and _, then optionally = and its display name, like rectal or buccal=Buccal (in the cheek), found \"under tongue\"",
            "routes names rectal twice; write each once",
        ])
        #expect(config.diagnostics.map(\.location.line) == [2, 2])
        #expect(config.diagnostics.map(\.location.column) == [18, 32])
        #expect(config.routes.names.count == 8)  // 7 built in + rectal
    }

    @Test("treatments: and default_administration may name a vault route given after them")
    func routesNamedBeforeTheyAreGiven() {
        let config = Self.config("default_administration: rectal\ntreatments: [kambo=Kambo (transdermal)]\nroutes: [rectal, transdermal]")
        #expect(config.diagnostics.isEmpty)
        #expect(config.defaultAdministration?.rawValue == "rectal")
        #expect(config.treatments.entry(Treatment(rawValue: "kambo")!)?.route?.rawValue == "transdermal")

        let unknown = Self.config("default_administration: rectal")
        #expect(unknown.defaultAdministration == nil)
        #expect(unknown.diagnostics.map(\.message) == [
            "default_administration must be one of intravenous, intramuscular, oral, nasal, sublingual, inhaled, other, found \"rectal\"; write one of them, or add it to routes in .afterflow/config.yml",
        ])
    }

    @Test("a session names any route shaped like a name; the catalogue says whether the vault knows it")
    func sessionRoute() {
        let session = Self.session(route: "rectal")
        #expect(session.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(session.administration?.rawValue == "rectal")
        let problems = VaultConfig(bytes: Array("version: 1\n".utf8)).sessionProblems(of: session, path: "sessions/2024/x.md")
        #expect(problems.count == 1)
        #expect(problems.first?.location == SourceLocation(line: 5, column: 17))
        #expect(problems.first?.path == "sessions/2024/x.md")
        #expect(problems.first?.message == "administration must be one of intravenous, intramuscular, oral, nasal, sublingual, inhaled, other, found \"rectal\"; write one of them, or add it to routes in .afterflow/config.yml")
        #expect(Self.config("routes: [rectal]").sessionProblems(of: session).isEmpty)
        #expect(RouteCatalog.builtIn.problems(of: Self.session(route: "inhaled")).isEmpty)
    }

    @Test("set takes the vault's routes, and refuses another with the list")
    func editor() throws {
        let session = Self.session(route: "oral")
        let routes = Self.config("routes: [rectal]").routes
        let editor = SessionEditor(timeZone: .gmt, routes: routes)
        let edited = try editor.setting("administration", to: "Rectal", in: session.document)
        #expect(Session(document: edited).administration?.rawValue == "rectal")
        #expect(throws: SessionEditor.Rejection.self) { try SessionEditor(timeZone: .gmt).setting("administration", to: "rectal", in: session.document) }
    }

    @Test("a near name is suggested")
    func suggestion() {
        #expect(RouteCatalog.builtIn.unknownMessage("inhaeld").hasSuffix("found \"inhaeld\"; did you mean \"inhaled\"? (or add it to routes in .afterflow/config.yml)"))
    }
}
