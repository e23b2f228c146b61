@testable import AfterflowKit
import Testing

/// The billing settings of `.afterflow/config.yml`: services, provider, unit_rule and audit.
@Suite struct VaultConfigBillingTests {
    func config(_ text: String) -> VaultConfig {
        VaultConfig(bytes: Array(text.utf8))
    }

    func problems(_ config: VaultConfig) -> [String] {
        config.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
    }

    @Test("defaults: the standard codes, the medicare rule, no provider, no audit")
    func defaults() {
        let plain = config("version: 1\n")
        #expect(plain.services.map(\.code) == ["97151", "97152", "97153", "97154", "97155", "97156", "97157", "97158", "92507", "92523", "92526"])
        #expect(plain.services.filter(\.timed).count == 8)
        #expect(plain.unitRule == .medicare && plain.provider == nil && !plain.audit)
    }

    @Test("the vault's own list replaces the standard one; a code it does not know says its timing")
    func ownList() {
        let c = config("services: [92507, 92508, 0362t=timed, 97153=untimed]\nprovider: \"J. Doe, CCC-SLP\"\nunit_rule: per-code\naudit: true\n")
        #expect(problems(c).isEmpty, "\(problems(c))")
        #expect(c.services.map(\.code) == ["92507", "92508", "0362T", "97153"])
        #expect(c.services.map(\.timed) == [false, false, true, false])
        #expect(c.provider == "J. Doe, CCC-SLP" && c.unitRule == .perCode && c.audit)
    }

    @Test("bad values, each at its place", arguments: [
        ("services: [99999]", ["1:12: services: afterflow does not know whether 99999 is billed by time; write 99999=timed (15-minute units) or 99999=untimed (once a session)"]),
        ("services: [9715]", ["1:12: each of services must be a CPT code of five digits or letters, like 97153, or a code and its timing, like 0362T=timed, found \"9715\""]),
        ("services: [97153, 97153]", ["1:19: services names 97153 twice; write each once"]),
        ("services: [0362T=sometimes]", ["1:12: services: 0362T's timing must be timed or untimed, found \"sometimes\""]),
        ("unit_rule: cms", ["1:12: unit_rule must be medicare or per-code, found \"cms\""]),
        ("audit: maybe", ["1:8: audit must be true or false, found \"maybe\""]),
    ])
    func badValues(_ text: String, _ expected: [String]) {
        #expect(problems(config(text + "\n")) == expected)
    }

    @Test("the end form's choices: no default service, the common places and the standard participants unless set")
    func choicesByDefault() {
        let plain = config("version: 1\n")
        #expect(plain.defaultService == nil)
        #expect(plain.places.map(\.text) == ["02 Telehealth not in the home", "03 School", "10 Telehealth in the home", "11 Office", "12 Home", "99 Other"])
        #expect(plain.participants == ["client", "parent", "caregiver", "sibling", "teacher", "peer"])
    }

    @Test("the vault's default service, places and participants; default_service read after a services: written below it")
    func ownChoices() {
        let c = config("default_service: 92507\nplaces: [11 Office, 12, 03 Kindergarten]\nparticipants: [Client, grandparent]\nservices: [92507, 97153]\n")
        #expect(problems(c).isEmpty, "\(problems(c))")
        #expect(c.defaultService == "92507")
        // "12" alone takes the code set's name; "03 Kindergarten" keeps the vault's own.
        #expect(c.places.map(\.text) == ["11 Office", "12 Home", "03 Kindergarten"])
        #expect(c.participants == ["client", "grandparent"])
    }

    @Test("bad choices, each at its place; the good items kept", arguments: [
        ("default_service: 97155\nservices: [92507]", ["1:18: default_service must be one of the vault's services (92507), found \"97155\""], nil as String?),
        ("default_service: [92507]", ["1:18: default_service must be a single value, found a list"], nil),
        ("places: [Office, 11 Office, 11]", ["1:10: each of places must be a two-digit place-of-service code and its name, like 11 Office, 03 School or 12 Home, found \"Office\"",
                                             "1:29: places names 11 twice; write each once"], "11 Office"),
        ("participants: [client, big brother, client]", ["1:24: each of participants must be one word of letters, digits, - and _, like parent, found \"big brother\"",
                                                         "1:37: participants names client twice; write each once"], "client"),
    ])
    func badChoices(_ text: String, _ expected: [String], _ kept: String?) {
        let c = config(text + "\n")
        #expect(problems(c) == expected)
        if text.hasPrefix("places") { #expect(c.places.map(\.text) == [kept]) }
        if text.hasPrefix("participants") { #expect(c.participants == [kept]) }
        if text.hasPrefix("default_service") { #expect(c.defaultService == nil) }
    }
}
