@testable import AfterflowKit
import Foundation
import Testing

@Suite("Treatment catalogue: the app's nine, afterflow's common ones and the vault's own")
struct TreatmentCatalogTests {
    static func config(_ text: String) -> VaultConfig {
        VaultConfig(bytes: Array("version: 1\n\(text)\n".utf8))
    }

    @Test("built in: the app's nine first, unchanged, then the common ones with their routes")
    func builtIn() {
        let catalog = TreatmentCatalog.builtIn
        #expect(Array(catalog.names.prefix(9)) == ["psilocybin", "lsd", "dmt", "mdma", "ketamine", "ayahuasca", "mescaline", "cannabis", "other"])
        // The nine keep no route of their own, so `new` writes default_administration as before.
        #expect(catalog.entries.prefix(9).allSatisfy { $0.route == nil && $0.isAppTreatment })
        #expect(catalog.entry(Treatment(rawValue: "esketamine")!)?.route == .nasal)
        #expect(catalog.displayName(of: Treatment(rawValue: "5-meo-dmt")!) == "5-MeO-DMT")
        #expect(catalog.treatment(parsing: "5-MeO-DMT")?.rawValue == "5-meo-dmt")
        #expect(catalog.treatment(parsing: "Psilocybin truffles")?.rawValue == "psilocybin-truffles")
        #expect(catalog.treatment(parsing: "LSD") == .lsd)
        #expect(catalog.treatment(parsing: "aspirin") == nil)
    }

    @Test("the app's CSV name: the display name of its nine, Other for any other")
    func appName() {
        #expect(Treatment.mdma.appName == "MDMA")
        #expect(Treatment(rawValue: "ibogaine")!.appName == "Other")
        #expect(Treatment(rawValue: "kambo")!.appName == "Other")
    }

    @Test("a name is ASCII letters, digits, - and _, starting with a letter or digit",
          arguments: [("5-meo-dmt", true), ("kambo", true), ("san_pedro", true), ("-x", false), ("two words", false),
                      ("幻覚剤", false), ("", false), ("a.b", false)])
    func names(text: String, valid: Bool) {
        #expect(Treatment.isName(text) == valid)
    }

    @Test("treatments: adds names with a display name and a route; a known name is given them")
    func vaultTreatments() {
        let config = Self.config("treatments: [kambo, ibogaine-hcl=Ibogaine HCl (oral), esketamine=Spravato, san-pedro=(oral)]")
        #expect(config.diagnostics.isEmpty)
        let catalog = config.treatments
        // 9 + 5 built in, then the three new ones; esketamine stays in its place (10th).
        #expect(catalog.names.count == 17)
        #expect(Array(catalog.names.suffix(3)) == ["kambo", "ibogaine-hcl", "san-pedro"])
        #expect(catalog.names[9] == "esketamine")
        let kambo = catalog.entry(Treatment(rawValue: "kambo")!)
        #expect(kambo?.displayName == "Kambo" && kambo?.route == nil)
        let hcl = catalog.entry(Treatment(rawValue: "ibogaine-hcl")!)
        #expect(hcl?.displayName == "Ibogaine HCl" && hcl?.route == .oral)
        // A display name only: esketamine keeps its route (nasal).
        let esketamine = catalog.entry(Treatment(rawValue: "esketamine")!)
        #expect(esketamine?.displayName == "Spravato" && esketamine?.route == .nasal)
        // A route only: the name's own display name.
        let sanPedro = catalog.entry(Treatment(rawValue: "san-pedro")!)
        #expect(sanPedro?.displayName == "San pedro" && sanPedro?.route == .oral)
        #expect(catalog.treatment(parsing: "ibogaine hcl")?.rawValue == "ibogaine-hcl")
    }

    @Test("a bad or repeated item is an error at that item and is left out")
    func badItems() {
        let config = Self.config("treatments: [kambo, two words, kambo, x=X (sniffed)]")
        // Line 2 (after version); "two words" starts at column 21, the second kambo at 32, x=X at 39.
        #expect(config.diagnostics.map(\.message) == [
            "each of treatments must be a name of letters, digits, - and _, then optionally = and its display name and route, like kambo or ibogaine-hcl=Ibogaine HCl (oral), found \"two words\"",
            "treatments names kambo twice; write each once",
            "treatments: x's route must be one of intravenous, intramuscular, oral, nasal, sublingual, inhaled, other, found \"sniffed\"; write one of them, or add it to routes in .afterflow/config.yml",
        ])
        #expect(config.diagnostics.map(\.location.line) == [2, 2, 2])
        #expect(config.diagnostics.map(\.location.column) == [21, 32, 39])
        #expect(config.treatments.names.count == 15)  // 14 built in + kambo
    }

    @Test("default_treatment may name a vault treatment given after it")
    func defaultTreatment() {
        let config = Self.config("default_treatment: kambo\ntreatments: [kambo]")
        #expect(config.diagnostics.isEmpty)
        #expect(config.defaultTreatment?.rawValue == "kambo")
        let unknown = Self.config("default_treatment: aspirin")
        #expect(unknown.defaultTreatment == nil)
        #expect(unknown.diagnostics.first?.message.hasPrefix("default_treatment must be one of psilocybin, lsd, dmt, mdma, ketamine, ayahuasca, mescaline, cannabis, other, esketamine, 5-meo-dmt, ibogaine, psilocybin-truffles, 2c-b, found \"aspirin\"") == true)
    }

    @Test("a session names any treatment shaped like a name; the catalogue says whether the vault knows it")
    func sessionTreatment() {
        let text = sessionText(id: "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34", treatment: "kambo")
        let session = Session(parsing: text)
        #expect(session.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(session.treatment?.rawValue == "kambo")
        // `treatment: kambo` is line 4; the value starts at column 12.
        let problems = TreatmentCatalog.builtIn.problems(of: session, path: "sessions/2024/x.md")
        #expect(problems.count == 1)
        #expect(problems.first?.location == SourceLocation(line: 4, column: 12))
        #expect(problems.first?.message.hasSuffix("found \"kambo\"; write one of them, or add it to treatments in .afterflow/config.yml") == true)
        #expect(Self.config("treatments: [kambo]").treatments.problems(of: session).isEmpty)

        let malformed = Session(parsing: sessionText(id: "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34", treatment: "\"two words\""))
        #expect(malformed.treatment == nil)
        #expect(malformed.diagnostics.contains { $0.message.hasPrefix("treatment must be a name of letters, digits, - and _") })
    }

    @Test("a near name is suggested")
    func suggestion() {
        #expect(TreatmentCatalog.builtIn.unknownMessage("ibogain").hasSuffix("found \"ibogain\"; did you mean \"ibogaine\"? (or add it to treatments in .afterflow/config.yml)"))
    }
}
