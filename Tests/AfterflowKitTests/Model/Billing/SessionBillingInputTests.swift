@testable import AfterflowKit
import Testing

/// The one set of rules for typed billing values, which `trials start`, `trials end` and the phone
/// page's end form share: each refusal names the field as the front end calls it.
@Suite("billing values as typed")
struct SessionBillingInputTests {
    @Test("good values: the code upper case, the place's name from the code set, participants lower case")
    func good() throws {
        let billing = try SessionBilling.parse(service: "92507", place: "12", participants: ["Client", " parent "], provider: "J. Doe, CCC-SLP",
                                               services: ServiceCode.standard)
        #expect(billing == SessionBilling(service: "92507", place: PlaceOfService(code: "12", name: "Home"), participants: ["client", "parent"],
                                          provider: "J. Doe, CCC-SLP"))
        let lower = try SessionBilling.parse(service: "0362t", place: nil, participants: [], provider: nil, services: nil)
        #expect(lower.service == "0362T")
        // Empty choices (the page's "None yet") leave the keys as they are.
        let none = try SessionBilling.parse(service: "", place: " ", participants: ["", " "], provider: nil, services: ServiceCode.standard)
        #expect(none.frontMatterLines.isEmpty)
    }

    @Test("refusals, named with the front end's prefix", arguments: [
        ("--", "9250", nil, [], "--service must be a CPT code of five digits or letters, like 97153 or 92507, found \"9250\""),
        ("", "97999", nil, [], "service 97999 is not one of the vault's services (97151, 97152, 97153, 97154, 97155, 97156, 97157, 97158, 92507, 92523, 92526); add it to services in .afterflow/config.yml, or give one of them"),
        ("", nil, "Office", [], "place must be a two-digit place-of-service code and its name, like 11 Office, 03 School or 12 Home, found \"Office\""),
        ("--", nil, nil, ["client", "big brother"], "--participants must be words separated by commas, like client,parent, found \"big brother\""),
    ] as [(String, String?, String?, [String], String)])
    func refused(_ prefix: String, _ service: String?, _ place: String?, _ who: [String], _ message: String) {
        #expect(throws: SessionBilling.InputError(message: message)) {
            try SessionBilling.parse(service: service, place: place, participants: who, provider: nil, services: ServiceCode.standard, prefix: prefix)
        }
    }
}
