@testable import AfterflowKit
import Testing

/// The billing sheet: each session's units over one client's day, untimed codes once a session,
/// and the reasons a session is not billable.
@Suite("units: the billing sheet")
struct BillingSheetTests {
    static func session(_ path: String, client: String = "sam-r", day: String = "2025-03-03", at time: String = "09:00",
                        service: String?, minutes: Int?) -> BillableSession {
        BillableSession(path: path, client: client, clientName: client == "sam-r" ? "Sam R." : "Maya T.",
                        date: LocalDate.parse("\(day)T\(time):00"), day: day, service: service, place: "03 School",
                        provider: "J. Doe, BCBA", minutes: minutes)
    }

    static func units(_ lines: [BillingLine]) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: lines.map { ($0.session.path, $0.units) })
    }

    @Test("two sessions of one client's day: the reference's 97153 52 min and 97155 20 min")
    func referenceDay() {
        let lines = BillingSheet.lines([Self.session("a", at: "09:00", service: "97153", minutes: 52),
                                        Self.session("b", at: "10:00", service: "97155", minutes: 20)],
                                       services: ServiceCode.standard, rule: .medicare)
        // 72 min → 5 units: 97153 × 4, 97155 × 1 (behaviour.md §5).
        #expect(Self.units(lines) == ["a": 4, "b": 1])
        #expect(lines.allSatisfy { $0.billable })
        #expect(BillingSheet.totals(lines).units == 5)
    }

    @Test("the same minutes on two days, or of two clients, are two periods")
    func periods() {
        // 7 min each: alone, under 8, no unit; on one day together they would earn 1.
        let apart = BillingSheet.lines([Self.session("a", day: "2025-03-03", service: "97153", minutes: 7),
                                        Self.session("b", day: "2025-03-04", service: "97155", minutes: 7),
                                        Self.session("c", client: "maya-t", day: "2025-03-03", service: "97155", minutes: 7)],
                                       services: ServiceCode.standard, rule: .medicare)
        #expect(Self.units(apart) == ["a": 0, "b": 0, "c": 0])
        #expect(apart.allSatisfy { $0.reason == "no unit: the day's 7 timed minutes earn 0 by the medicare rule" })
        let together = BillingSheet.lines([Self.session("a", at: "09:00", service: "97153", minutes: 7),
                                           Self.session("b", at: "11:00", service: "97155", minutes: 7)],
                                          services: ServiceCode.standard, rule: .medicare)
        // 14 min → 1 unit; 7 left each, a tie: to the code that came first in the day, 97153.
        #expect(Self.units(together) == ["a": 1, "b": 0])
        #expect(together[0].billable)
        #expect(together[1].reason == "no unit: the day's 14 timed minutes earn 1 by the medicare rule, given to another session")
    }

    @Test("two sessions of one code on a day share the code's units")
    func oneCodeTwice() {
        // 97153: 20 + 20 = 40 min → 3 units. Each session 1 whole 15 (5 left each); the third to
        // the earlier on the tie. Per session alone they would be 1 + 1 = 2.
        let lines = BillingSheet.lines([Self.session("a", at: "09:00", service: "97153", minutes: 20),
                                        Self.session("b", at: "13:00", service: "97153", minutes: 20)],
                                       services: ServiceCode.standard, rule: .medicare)
        #expect(Self.units(lines) == ["a": 2, "b": 1])
        // By code the same: 40 min of one code → 3.
        let perCode = BillingSheet.lines([Self.session("a", at: "09:00", service: "97153", minutes: 20),
                                          Self.session("b", at: "13:00", service: "97153", minutes: 20)],
                                         services: ServiceCode.standard, rule: .perCode)
        #expect(BillingSheet.totals(perCode).units == 3)
    }

    @Test("per-code rule: the reference's day earns 4, not 5")
    func perCodeDay() {
        let lines = BillingSheet.lines([Self.session("a", at: "09:00", service: "97153", minutes: 52),
                                        Self.session("b", at: "10:00", service: "97155", minutes: 20)],
                                       services: ServiceCode.standard, rule: .perCode)
        #expect(Self.units(lines) == ["a": 3, "b": 1])
    }

    @Test("an untimed code bills one unit a session, whatever its minutes, and adds no timed minutes")
    func untimed() {
        // 92507 for 5 and 45 min: one unit each. 97153's 20 min alone → 1 unit: the 92507 minutes
        // do not join the day's timed total (20 + 45 would be 65 → 4).
        let lines = BillingSheet.lines([Self.session("a", client: "maya-t", at: "09:00", service: "92507", minutes: 5),
                                        Self.session("b", client: "maya-t", at: "10:00", service: "92507", minutes: 45),
                                        Self.session("c", client: "maya-t", at: "11:00", service: "97153", minutes: 20)],
                                       services: ServiceCode.standard, rule: .medicare)
        #expect(Self.units(lines) == ["a": 1, "b": 1, "c": 1])
    }

    @Test("not billable, with the reason: no end, no service, a service not on the list")
    func reasons() {
        let lines = BillingSheet.lines([Self.session("a", at: "09:00", service: "97153", minutes: nil),
                                        Self.session("b", at: "10:00", service: nil, minutes: 30),
                                        Self.session("c", at: "11:00", service: "97999", minutes: 30),
                                        Self.session("d", at: "12:00", service: "97153", minutes: 30)],
                                       services: ServiceCode.standard, rule: .medicare)
        #expect(lines.map(\.reason) == ["no end time", "no service", "service 97999 is not one of the vault's services", nil])
        // Only d's 30 min count toward the day: 30 → 2 units (none from a, b or c).
        #expect(Self.units(lines) == ["a": 0, "b": 0, "c": 0, "d": 2])
    }

    @Test("the vault's own list: a code it leaves out is not billable")
    func vaultList() {
        let services = [ServiceCode(code: "92507", timed: false)]
        let lines = BillingSheet.lines([Self.session("a", service: "97153", minutes: 30)], services: services, rule: .medicare)
        #expect(lines.first?.reason == "service 97153 is not one of the vault's services")
    }

    @Test("lines come oldest first, whatever order the sessions were given in")
    func order() {
        let lines = BillingSheet.lines([Self.session("late", day: "2025-03-10", service: "92507", minutes: 30),
                                        Self.session("early", day: "2025-03-03", service: "92507", minutes: 30)],
                                       services: ServiceCode.standard, rule: .medicare)
        #expect(lines.map(\.session.path) == ["early", "late"])
    }
}
