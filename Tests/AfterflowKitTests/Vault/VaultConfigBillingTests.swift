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
}
