import Foundation
import Testing

/// Whether python3 can import fhir.resources (the FHIR models the export is validated with).
let pythonHasFHIR = pythonCanImport("fhir.resources.R4B.bundle")

/// Whether python3 can also evaluate FHIRPath (fhirpathpy), for the invariants and profiles.
let pythonHasFHIRPath = pythonHasFHIR && pythonCanImport("fhirpathpy")

/// Runs a Python script on a bundle's path; what it printed, or an error with what it said.
func runPython(_ script: String, _ path: String, failure: String) throws -> Data {
    guard let python = python3 else { throw CLIError(description: "python3 is not on PATH") }
    let ran = try TestProgram.run(python, ["-c", script, path])
    guard ran.succeeded else { throw CLIError(description: "\(failure): \(ran.errorText)") }
    return ran.output
}

/// Reads a FHIR bundle with Python's fhir.resources (its R4B models, which for Bundle and
/// Observation are R4's), strict: an unknown field, a wrong type or a date without its offset
/// fails. The first entry must be the Patient; returns a summary of each Observation after it,
/// from the parsed models, as JSON. A QuestionnaireResponse (an answer to an instrument other than
/// PHQ-9 and GAD-7, beside the Observation of its score) is validated with the bundle and left out
/// of the summary.
func fhirSummary(_ path: String) throws -> [[String: Any]] {
    let script = """
        import sys, json
        from fhir.resources.R4B.bundle import Bundle
        bundle = Bundle.model_validate(json.load(open(sys.argv[1], encoding='utf-8')))
        assert bundle.type == 'collection', bundle.type
        assert bundle.entry[0].resource.get_resource_type() == 'Patient'
        out = []
        for entry in bundle.entry[1:]:
            r = entry.resource
            if r.get_resource_type() == 'QuestionnaireResponse': continue
            assert r.get_resource_type() == 'Observation'
            item = {'fullUrl': entry.fullUrl, 'id': r.id, 'profile': r.meta.profile[0] if r.meta else None, 'status': r.status,
                    'category': r.category[0].coding[0].code,
                    'codes': [c.system + '|' + c.code for c in r.code.coding],
                    'subject': r.subject.reference if r.subject else None,
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
    let data = try runPython(script, path, failure: "fhir.resources rejected the bundle")
    return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
}

/// What a bundle breaks, as sentences: FHIR R4's invariants of Bundle and Observation evaluated
/// with FHIRPath (fhirpathpy, R4 model), what the PHR guide's profiles require (a `subject` that
/// is a Patient in the bundle; a State of Mind's five components; a Scored Assessment's `score`
/// component and `phq9`/`gad7` code), and every coding's display against its code system (the
/// guide's code systems, LOINC's names as the guide's questionnaires give them).
func fhirProblems(_ path: String) throws -> [String] {
    let script = #"""
        import sys, json
        from fhirpathpy import evaluate
        from fhirpathpy.models import models
        r4 = models['r4']
        bundle = json.load(open(sys.argv[1], encoding='utf-8'))
        phr = 'http://hl7.org/fhir/uv/phr/CodeSystem/'
        loinc = 'http://loinc.org'
        displays = {
            phr + 'observation-pghd-codes': {'stateOfMind': 'State of Mind', 'phq9': 'PHQ-9 assessment', 'gad7': 'GAD-7 assessment'},
            phr + 'state-of-mind-codes': {'kind': 'Kind', 'valence': 'Valence', 'valenceClassification': 'Valence Classification',
                                          'labels': 'Labels', 'associations': 'Associations'},
            phr + 'state-of-mind-kind-codes': {'dailyMood': 'DAILY MOOD', 'momentaryEmotion': 'MOMENTARY EMOTIONS'},
            phr + 'state-of-mind-valence-codes': {'veryUnpleasant': 'Very Unpleasant', 'unpleasant': 'Unpleasant',
                                                  'slightlyUnpleasant': 'Unpleasant', 'neutral': 'Slightly Neutral',
                                                  'slightlyPleasant': 'Slightly Pleasant', 'pleasant': 'Pleasant', 'veryPleasant': 'Very Pleasant'},
            phr + 'scored-assessment-codes': {'phq9Risk': 'PHQ-9 Assesment Risk', 'gad7Risk': 'GAD-7 Assesment Risk'},
            phr + 'phq9-risk-codes': {'noneToMinimal': 'Minimal', 'mild': 'Mild', 'moderate': 'Moderate',
                                      'moderatelySevere': 'Moderately Severe', 'severe': 'Severe'},
            phr + 'gad7-risk-codes': {'noneToMinimal': 'Minimal', 'mild': 'Mild', 'moderate': 'Moderate', 'severe': 'Severe'},
            phr + 'state-of-mind-association-codes': {'currentEvents': 'Current Events', 'selfCare': 'Self-Care'},
            loinc: {
                '44249-1': 'PHQ-9 quick depression assessment panel [Reported.PHQ]',
                '69737-5': 'Generalized anxiety disorder 7 item (GAD-7)',
                '44261-6': 'Patient Health Questionnaire 9 item (PHQ-9) total score [Reported]',
                '70274-6': 'Generalized anxiety disorder 7 item (GAD-7) total score [Reported.PHQ]',
                '44250-9': 'Little interest or pleasure in doing things in last 2 weeks',
                '44255-8': 'Feeling down, depressed, or hopeless in last 2 weeks',
                '44259-0': 'Trouble falling or staying asleep, or sleeping too much in last 2 weeks [Reported.PHQ]',
                '44254-1': 'Feeling tired or having little energy in last 2 weeks [Reported.PHQ]',
                '44251-7': 'Poor appetite or overeating in last 2 weeks [Reported.PHQ]',
                '44258-2': 'Feeling bad about yourself - or that you are a failure or have let yourself or your family down in last 2 weeks [Reported.PHQ]',
                '44252-5': 'Trouble concentrating on things, such as reading the newspaper or watching television in last 2 weeks [Reported.PHQ]',
                '44253-3': 'Moving or speaking so slowly that other people could have noticed. Or the opposite - being so fidgety or restless that you have been moving around a lot more than usual in last 2 weeks [Reported.PHQ]',
                '44260-8': 'Thoughts that you would be better off dead, or of hurting yourself in some way in last 2 weeks [Reported.PHQ]',
                '69725-0': 'Feeling nervous, anxious or on edge in last 2 weeks',
                '68509-9': 'Not able to stop or control worrying in the last 2 weeks',
                '69733-4': 'Worrying too much about different things in last 2 weeks [Reported.PHQ]',
                '69734-2': 'Trouble relaxing in last 2 weeks [Reported.PHQ]',
                '69735-9': 'Being so restless that it is hard to sit still in last 2 weeks [Reported.PHQ]',
                '69689-8': 'Becoming easily annoyed or irritable in last 4 weeks [Reported.PHQ]',
                '69736-7': 'Feeling afraid as if something awful might happen in last 2 weeks [Reported.PHQ]',
                'LA6568-5': 'Not at all', 'LA6569-3': 'Several days', 'LA6570-1': 'More than half the days', 'LA6571-9': 'Nearly every day',
            },
        }
        def expected(system, code):
            if system == phr + 'state-of-mind-label-codes': return code[:1].upper() + code[1:]
            if system == phr + 'state-of-mind-association-codes' and code not in displays[system]: return code[:1].upper() + code[1:]
            return displays.get(system, {}).get(code, 'a code this test does not know')
        def codings(node):
            if isinstance(node, dict):
                if 'system' in node and 'code' in node: yield node
                for value in node.values(): yield from codings(value)
            elif isinstance(node, list):
                for value in node: yield from codings(value)
        problems = []
        def check(resource, name, expression, context=None):
            ok = evaluate(resource, expression, context or {'resource': resource}, r4)
            if ok != [True]: problems.append('%s %s: %s' % (resource.get('resourceType'), resource.get('id'), name))
        # Bundle: bdl-7 (fullUrl unique), bdl-1 (total only for searches and histories).
        check(bundle, 'bdl-7', "(type = 'history') or entry.where(fullUrl.exists()).select(fullUrl&resource.meta.versionId).isDistinct()")
        check(bundle, 'bdl-1', "total.empty() or (type = 'searchset') or (type = 'history')")
        patients = [e['fullUrl'] for e in bundle['entry'] if e['resource']['resourceType'] == 'Patient']
        if len(patients) != 1: problems.append('the bundle holds %d Patients' % len(patients))
        responses = ['urn:uuid:' + e['resource']['id'] for e in bundle['entry'] if e['resource']['resourceType'] == 'QuestionnaireResponse']
        for entry in bundle['entry']:
            r = entry['resource']
            if r['resourceType'] == 'QuestionnaireResponse':
                if r.get('subject', {}).get('reference') not in patients: problems.append('QuestionnaireResponse %s: not of the Patient' % r['id'])
                continue
            if r['resourceType'] != 'Observation': continue
            if any(c['system'] == 'urn:afterflow:instrument' for c in r['code']['coding']):
                # The score of an answer to another instrument: no profile of the guide; derived from its response.
                check(r, 'obs-7', 'value.empty() or component.code.where(coding.intersect(%resource.code.coding).exists()).empty()')
                if r.get('subject', {}).get('reference') not in patients: problems.append('Observation %s: no subject, or not the Patient' % r['id'])
                if [d['reference'] for d in r.get('derivedFrom', [])] == [] or any(d['reference'] not in responses for d in r['derivedFrom']):
                    problems.append('Observation %s: not derived from a QuestionnaireResponse of the bundle' % r['id'])
                check(r, 'effective', 'effective.exists()')
                continue
            check(r, 'obs-6', 'dataAbsentReason.empty() or value.empty()')
            check(r, 'obs-7', 'value.empty() or component.code.where(coding.intersect(%resource.code.coding).exists()).empty()')
            if r.get('subject', {}).get('reference') not in patients: problems.append('Observation %s: no subject, or not the Patient' % r['id'])
            check(r, 'one code of observation-pghd-codes', "code.coding.where(system = '%sobservation-pghd-codes').count() = 1" % phr)
            check(r, 'effective', 'effective.exists()')
            profile = r['meta']['profile'][0]
            if profile.endswith('pghd-observation-state-of-mind'):
                for name in ['kind', 'valence', 'valenceClassification', 'labels', 'associations']:
                    check(r, 'component ' + name, "component.where(code.coding.code = '%s').count() = 1" % name)
                check(r, 'valence a Quantity', "component.where(code.coding.code = 'valence').value.ofType(Quantity).exists()")
            elif profile.endswith('pghd-observation-scored-assessment'):
                check(r, 'code phq9 or gad7', "code.coding.where(system = '%sobservation-pghd-codes').code in ('phq9' | 'gad7')" % phr)
                check(r, 'score component', "component.where(code.coding.system = 'http://loinc.org' and code.coding.code in ('44261-6' | '70274-6')).value.ofType(integer).count() = 1")
            else:
                problems.append('Observation %s: profile %s' % (r['id'], profile))
            for coding in codings(r):
                system, code, display = coding.get('system'), coding.get('code'), coding.get('display')
                if system == 'http://terminology.hl7.org/CodeSystem/observation-category': continue
                if display != expected(system, code): problems.append('%s|%s: display %r, the code system says %r' % (system, code, display, expected(system, code)))
        print(json.dumps(problems))
        """#
    let data = try runPython(script, path, failure: "the FHIRPath check could not run")
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String])
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
            #expect(Set(entries.compactMap { $0["subject"] as? String }).count == 1, "one Patient, the subject of all")

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

            // The momentary check-in: 8 is 0.56, pleasant, no label chosen, fitness and family.
            let second = try #require(entries[1]["components"] as? [[String: Any]])
            #expect(second[0]["codes"] as? [String] == [Self.phr + "state-of-mind-kind-codes|momentaryEmotion"])
            #expect(second[1]["quantity"] as? Double == 0.56)
            #expect(second[2]["codes"] as? [String] == [Self.phr + "state-of-mind-valence-codes|pleasant"])
            #expect(second[3]["codes"] == nil, "the labels suggested from the score are not the person's")
            #expect(Set(second[4]["codes"] as? [String] ?? []) == Set(["fitness", "family"].map { Self.phr + "state-of-mind-association-codes|" + $0 }))
            #expect(entries[1]["note"] as? String == "Great workout, then a call with mom")

            // PHQ-9: LOINC total score as code and value, the band as risk, each item's answer.
            let phqEntry = entries[2]
            #expect(phqEntry["profile"] as? String == "http://hl7.org/fhir/uv/phr/StructureDefinition/pghd-observation-scored-assessment")
            #expect(phqEntry["codes"] as? [String] == [Self.phr + "observation-pghd-codes|phq9", Self.loinc + "44249-1"])
            #expect((phqEntry["value"] ?? NSNull()) is NSNull, "the total is the score component's value (obs-7)")
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
            #expect((entries[3]["codes"] as? [String])?.first == Self.phr + "observation-pghd-codes|gad7")
            let gadComponents = try #require(entries[3]["components"] as? [[String: Any]])
            #expect(gadComponents.count == 9)
            #expect(gadComponents[0]["code"] as? String == Self.loinc + "70274-6")
            #expect(gadComponents[0]["integer"] as? Int == 15)
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

    /// The log of disclosures names every document the bundle holds, as it did when the ids were
    /// held as a list before the line was written: the check-ins newest first, then the
    /// assessments oldest first; `count` is their number. The ids now go to the log as they are
    /// read from the index (issue 25), so this is the line's content to keep.
    @Test("the log of disclosures names every check-in and assessment written, in its order, and --since leaves the older out")
    func theLogNamesWhatWasWritten() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            func id(_ arguments: [String]) throws -> String {
                let result = try sandbox.run(arguments + ["--format", "json"], directory: vault, environment: Self.now)
                expectStatus(result, 0)
                return try #require((result.json as? [String: Any])?["id"] as? String)
            }
            // Saved out of the order of their times.
            let evening = try id(["mood", "8", "--date", "2025-03-02 18:30"])
            let nine = try id(["mood", "3", "--date", "2025-03-01 21:00"])
            let ten = try id(["mood", "4", "--date", "2025-03-01 22:00"])
            let phq = try id(["assess", "phq9", "--answers", "1,1,2,1,0,1,0,0,0", "--date", "2025-03-03 08:00"])
            let gad = try id(["assess", "gad7", "--answers", "3,3,2,2,2,2,1", "--date", "2025-03-03 08:05"])
            expectStatus(try sandbox.run(["export", "fhir", "-o", sandbox.path("all.json")], directory: vault, environment: Self.now), 0)
            expectStatus(try sandbox.run(["export", "fhir", "--since", "2025-03-02"], directory: vault, environment: Self.now), 0)
            let lines = DisclosureLogTests.logLines(vault)
            try #require(lines.count == 4)
            // Newest check-in first (18:30 on the 2nd, 22:00 then 21:00 on the 1st), then PHQ-9 and GAD-7.
            #expect(lines[0]["records"] as? [String] == [evening, ten, nine, phq, gad])
            #expect(lines[0]["count"] as? Int == 5)
            #expect(lines[1]["outcome"] as? String == "done")
            // From the 2nd on: the evening's check-in and both assessments.
            #expect(lines[2]["records"] as? [String] == [evening, phq, gad])
            #expect(lines[2]["count"] as? Int == 3)
            let text = try sandbox.readText(vault + "/.afterflow/disclosures.log")
            #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == 5 && text.hasSuffix("}\n"))
        }
    }

    @Test("every Observation keeps R4's invariants (obs-7), the PHR profiles (a subject) and the code systems' displays",
          .enabled(if: pythonHasFHIRPath, "needs python3 with fhir.resources and fhirpathpy ('make test-deps' installs them)"))
    func invariantsProfilesAndDisplays() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            for arguments in [["mood", "8", "A walk, then news", "--date", "2025-03-02 18:30"],
                              ["mood", "5", "--kind", "daily", "--date", "2025-03-01 21:00"],
                              ["mood", "4", "--label", "worried", "--association", "self-care", "--date", "2025-03-01 22:00"],
                              ["assess", "phq9", "--answers", "1,1,2,1,0,1,0,0,0", "--date", "2025-03-03 08:00"],
                              ["assess", "gad7", "--answers", "3,3,2,2,2,2,1", "--date", "2025-03-03 08:05"]] {
                expectStatus(try sandbox.run(arguments, directory: vault, environment: Self.now), 0)
            }
            let out = sandbox.path("bundle.json")
            expectStatus(try sandbox.run(["export", "fhir", "-o", out], directory: vault, environment: Self.now), 0)
            #expect(try fhirProblems(out) == [])
        }
    }

    @Test("labels suggested from the score are left out of the State of Mind unless --suggested-labels",
          .enabled(if: pythonHasFHIR, "needs python3 with fhir.resources ('make test-deps' installs it)"))
    func suggestedLabels() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            expectStatus(try sandbox.run(["mood", "8", "--date", "2025-03-02 18:30"], directory: vault, environment: Self.now), 0)
            expectStatus(try sandbox.run(["mood", "4", "--label", "worried", "--date", "2025-03-02 19:30"], directory: vault, environment: Self.now), 0)
            func labels(_ extra: [String]) throws -> [[String]?] {
                let out = sandbox.path("bundle\(extra.count).json")
                expectStatus(try sandbox.run(["export", "fhir", "-o", out] + extra, directory: vault, environment: Self.now), 0)
                return try fhirSummary(out).map { entry in
                    let components = entry["components"] as? [[String: Any]] ?? []
                    return (components.first { ($0["code"] as? String)?.hasSuffix("|labels") == true }?["codes"] as? [String])?
                        .map { String($0.split(separator: "|").last ?? "") }
                }
            }
            #expect(try labels([]) == [nil, ["worried"]])
            #expect(try labels(["--suggested-labels"]) == [["happy", "confident"], ["worried"]])
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
            if pythonHasFHIRPath { #expect(try fhirProblems(sandbox.path("example.json")) == []) }
        }
    }
}
