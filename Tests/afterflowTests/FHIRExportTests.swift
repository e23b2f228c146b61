import Foundation
import Testing

/// Whether python3 can import fhir.resources (the FHIR models the export is validated with).
let pythonHasFHIR = pythonCanImport("fhir.resources.R4B.bundle")

/// Reads a FHIR bundle with Python's fhir.resources (its R4B models, which for Bundle and
/// Observation are R4's), strict: an unknown field, a wrong type or a date without its offset
/// fails. Returns a summary of each entry, from the parsed models, as JSON.
func fhirSummary(_ path: String) throws -> [[String: Any]] {
    guard let python = python3 else { throw CLIError(description: "python3 is not on PATH") }
    let script = """
        import sys, json
        from fhir.resources.R4B.bundle import Bundle
        bundle = Bundle.model_validate(json.load(open(sys.argv[1], encoding='utf-8')))
        assert bundle.type == 'collection', bundle.type
        out = []
        for entry in bundle.entry:
            r = entry.resource
            assert r.get_resource_type() == 'Observation'
            item = {'fullUrl': entry.fullUrl, 'id': r.id, 'profile': r.meta.profile[0], 'status': r.status,
                    'category': r.category[0].coding[0].code,
                    'codes': [c.system + '|' + c.code for c in r.code.coding],
                    'effective': r.effectiveDateTime.isoformat(),
                    'value': r.valueInteger,
                    'note': r.note[0].text if r.note else None,
                    'components': []}
            for c in r.component:
                one = {'code': c.code.coding[0].system + '|' + c.code.coding[0].code}
                if c.valueQuantity is not None: one['quantity'] = float(c.valueQuantity.value)
                if c.valueInteger is not None: one['integer'] = c.valueInteger
                if c.valueCodeableConcept is not None:
                    one['codes'] = [x.system + '|' + x.code for x in c.valueCodeableConcept.coding]
                item['components'].append(one)
            out.append(item)
        print(json.dumps(out))
        """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["-c", script, path]
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let problem = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CLIError(description: "fhir.resources rejected the bundle: \(problem)") }
    return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
}

/// `afterflow export fhir`: a FHIR R4 Bundle that an independent library reads and validates,
/// each check-in in the PHR guide's State of Mind shape and each assessment with its LOINC codes.
@Suite("export fhir")
struct FHIRExportTests {
    static let now = ["AFTERFLOW_NOW": Optional("2025-03-10T09:00:00-07:00")]
    static let phr = "http://hl7.org/fhir/uv/phr/CodeSystem/"
    static let loinc = "http://loinc.org|"

    @Test("check-ins and assessments, read back and validated by fhir.resources",
          .enabled(if: pythonHasFHIR, "needs python3 with fhir.resources ('make test-deps' installs it)"))
    func validatedByFHIRResources() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            func ok(_ arguments: [String]) throws -> [String: Any] {
                let result = try sandbox.run(arguments + ["--format", "json"], directory: vault, environment: Self.now)
                expectStatus(result, 0)
                return try #require(result.json as? [String: Any])
            }
            let mood = try ok(["mood", "8", "Great workout, then a call with mom", "--date", "2025-03-02 18:30"])
            let daily = try ok(["mood", "3", "--kind", "daily", "--label", "drained", "--date", "2025-03-01 21:00"])
            let phq = try ok(["assess", "phq9", "--answers", "1,1,2,1,0,1,0,0,0", "Before the session", "--date", "2025-03-03 08:00"])
            let gad = try ok(["assess", "gad7", "--answers", "3,3,2,2,2,2,1", "--date", "2025-03-03 08:05"])
            let out = sandbox.path("bundle.json")
            let export = try sandbox.run(["export", "fhir", "-o", out], directory: vault, environment: Self.now)
            expectStatus(export, 0)
            #expect(export.stderr.contains("Wrote 2 check-ins and 2 assessments to"))
            #expect(try sandbox.mode(out) == 0o600)

            let entries = try fhirSummary(out)
            // Oldest first, each fullUrl the document's id.
            let ids = [daily, mood, phq, gad].map { ($0["id"] as? String ?? "").lowercased() }
            #expect(entries.map { $0["fullUrl"] as? String } == ids.map { "urn:uuid:\($0)" })
            #expect(entries.map { $0["id"] as? String } == ids)
            #expect(entries.allSatisfy { $0["status"] as? String == "final" && $0["category"] as? String == "survey" })

            // The daily check-in: score 3 is valence -0.56, unpleasant; no associations, so no value.
            let first = entries[0]
            #expect(first["profile"] as? String == "http://hl7.org/fhir/uv/phr/StructureDefinition/pghd-observation-state-of-mind")
            #expect(first["codes"] as? [String] == ["http://hl7.org/fhir/uv/phr/CodeSystem/observation-pghd-codes|stateOfMind"])
            #expect(first["effective"] as? String == "2025-03-01T21:00:00-08:00")
            let firstComponents = try #require(first["components"] as? [[String: Any]])
            #expect(firstComponents.map { $0["code"] as? String } == ["kind", "valence", "valenceClassification", "labels", "associations"].map { Self.phr + "state-of-mind-codes|" + $0 })
            #expect(firstComponents[0]["codes"] as? [String] == [Self.phr + "state-of-mind-kind-codes|dailyMood"])
            #expect(firstComponents[1]["quantity"] as? Double == -0.56)
            #expect(firstComponents[2]["codes"] as? [String] == [Self.phr + "state-of-mind-valence-codes|unpleasant"])
            #expect(firstComponents[3]["codes"] as? [String] == [Self.phr + "state-of-mind-label-codes|drained"])
            #expect(firstComponents[4]["codes"] == nil)

            // The momentary check-in: 8 is 0.56, pleasant, happy and confident, fitness and family.
            let second = try #require(entries[1]["components"] as? [[String: Any]])
            #expect(second[0]["codes"] as? [String] == [Self.phr + "state-of-mind-kind-codes|momentaryEmotion"])
            #expect(second[1]["quantity"] as? Double == 0.56)
            #expect(second[2]["codes"] as? [String] == [Self.phr + "state-of-mind-valence-codes|pleasant"])
            #expect(second[3]["codes"] as? [String] == ["happy", "confident"].map { Self.phr + "state-of-mind-label-codes|" + $0 })
            #expect(Set(second[4]["codes"] as? [String] ?? []) == Set(["fitness", "family"].map { Self.phr + "state-of-mind-association-codes|" + $0 }))
            #expect(entries[1]["note"] as? String == "Great workout, then a call with mom")

            // PHQ-9: LOINC total score as code and value, the band as risk, each item's answer.
            let phqEntry = entries[2]
            #expect(phqEntry["profile"] as? String == "http://hl7.org/fhir/uv/phr/StructureDefinition/pghd-observation-scored-assessment")
            #expect((phqEntry["codes"] as? [String])?.first == Self.loinc + "44261-6")
            #expect(phqEntry["value"] as? Int == 6)
            #expect(phqEntry["note"] as? String == "Before the session")
            let phqComponents = try #require(phqEntry["components"] as? [[String: Any]])
            #expect(phqComponents.count == 11)
            #expect(phqComponents[0]["code"] as? String == Self.loinc + "44261-6")
            #expect(phqComponents[0]["integer"] as? Int == 6)
            #expect(phqComponents[1]["codes"] as? [String] == [Self.phr + "phq9-risk-codes|mild"])
            #expect(phqComponents.dropFirst(2).map { $0["code"] as? String } ==
                ["44250-9", "44255-8", "44259-0", "44254-1", "44251-7", "44258-2", "44252-5", "44253-3", "44260-8"].map { Self.loinc + $0 })
            let answerCodes = ["LA6568-5", "LA6569-3", "LA6570-1", "LA6571-9"]
            #expect(phqComponents.dropFirst(2).map { ($0["codes"] as? [String])?.first } == [1, 1, 2, 1, 0, 1, 0, 0, 0].map { Self.loinc + answerCodes[$0] })

            // GAD-7: 15 is severe.
            #expect((entries[3]["codes"] as? [String])?.first == Self.loinc + "70274-6")
            #expect(entries[3]["value"] as? Int == 15)
            let gadComponents = try #require(entries[3]["components"] as? [[String: Any]])
            #expect(gadComponents.count == 9)
            #expect(gadComponents[1]["codes"] as? [String] == [Self.phr + "gad7-risk-codes|severe"])

            // The same vault gives the same bytes; --since leaves the older ones out.
            let again = try sandbox.run(["export", "fhir"], directory: vault, environment: Self.now)
            expectStatus(again, 0)
            #expect(again.stdoutData == (try Data(contentsOf: URL(fileURLWithPath: out))))
            let since = try sandbox.run(["export", "fhir", "--since", "2025-03-03", "-o", sandbox.path("since.json")], directory: vault, environment: Self.now)
            expectStatus(since, 0)
            #expect(try fhirSummary(sandbox.path("since.json")).map { $0["id"] as? String } == Array(ids.suffix(2)))
        }
    }

    @Test("ExampleVault's check-ins and assessments export to a valid bundle",
          .enabled(if: pythonHasFHIR, "needs python3 with fhir.resources ('make test-deps' installs it)"))
    func exampleVault() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["export", "fhir", "-o", sandbox.path("example.json")], directory: vault)
            expectStatus(result, 0)
            let entries = try fhirSummary(sandbox.path("example.json"))
            let moods = sandbox.files(under: "example/moods").filter { $0.hasSuffix(".md") }.count
            let assessments = sandbox.files(under: "example/assessments").filter { $0.hasSuffix(".md") }.count
            #expect(moods > 0)
            #expect(entries.count == moods + assessments)
            #expect(Set(entries.compactMap { $0["fullUrl"] as? String }).count == entries.count, "every fullUrl once")
        }
    }
}
