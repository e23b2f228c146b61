@testable import AfterflowKit
import Testing

/// `units`' note on 97155 and 97153: a 97155 session overlapping another provider's 97153 of the
/// same client is allowed, with the minutes of the overlap; the same provider on both, a payer
/// that does not pay both (`concurrent_97155: false`) or a provider not named is said otherwise.
@Suite("units: 97155 overlapping 97153")
struct ServiceOverlapTests {
    /// 2025-03-03 09:00:00 UTC as seconds since 1970 (20150 days × 86400 + 9 h).
    static let nine = 1_740_992_400

    /// A session of `client` from `from` to `to` minutes after 09:00 (seconds given in `extra`).
    static func session(_ path: String, client: String = "sam-r", service: String?, from: Int, to: Int?, provider: String? = "J. Doe, BCBA",
                        extraSeconds: Int = 0) -> BillableSession {
        BillableSession(path: path, client: client, clientName: "Sam R.", date: LocalDate.parse("2025-03-03T09:00:00"), day: "2025-03-03",
                        service: service, place: "03 School", provider: provider, minutes: to.map { $0 - from },
                        startSeconds: nine + from * 60, endSeconds: to.map { nine + $0 * 60 + extraSeconds })
    }

    static func overlaps(_ sessions: [BillableSession], payerAllows: Bool = true) -> [String: [ServiceOverlap]] {
        let lines = BillingSheet.lines(sessions, services: ServiceCode.standard, rule: .medicare, payerAllows97155: payerAllows)
        return Dictionary(uniqueKeysWithValues: lines.map { ($0.session.path, $0.overlaps) })
    }

    @Test("the BCBA's 97155 from 9:00 to 9:45 over the technician's 97153 from 9:30 to 10:15: 15 minutes, allowed")
    func allowed() throws {
        let found = Self.overlaps([Self.session("bcba", service: "97155", from: 0, to: 45),
                                   Self.session("rbt", service: "97153", from: 30, to: 75, provider: "A. Tech, RBT")])
        // From the later start (9:30) to the earlier end (9:45): 15 minutes.
        let overlap = try #require(found["bcba"]?.first)
        #expect(found["bcba"]?.count == 1)
        #expect(overlap == ServiceOverlap(path: "rbt", provider: "A. Tech, RBT", minutes: 15, verdict: .allowed))
        #expect(overlap.text == "overlaps 97153 (A. Tech, RBT) for 15 min: allowed, another provider's")
        // The note is the 97155's: the technician's line has none.
        #expect(found["rbt"] == [])
    }

    @Test("the units are not changed by the overlap: 45 + 45 = 90 minutes of the day, 6 units")
    func unitsUnchanged() {
        let lines = BillingSheet.lines([Self.session("bcba", service: "97155", from: 0, to: 45),
                                        Self.session("rbt", service: "97153", from: 30, to: 75, provider: "A. Tech, RBT")],
                                       services: ServiceCode.standard, rule: .medicare)
        // 90 min → 6 units (83-97); 97155 45 min → 3 whole, 97153 45 min → 3 whole, nothing left.
        #expect(lines.map(\.units) == [3, 3])
        #expect(lines.allSatisfy { $0.billable })
    }

    @Test("a 97155 inside a 97153: the 97155's own length; one over two 97153 sessions: one note each")
    func inside() {
        let found = Self.overlaps([Self.session("rbt", service: "97153", from: 0, to: 120, provider: "A. Tech, RBT"),
                                   Self.session("bcba", service: "97155", from: 20, to: 50),
                                   Self.session("rbt2", service: "97153", from: 40, to: 90, provider: "B. Tech, RBT")])
        // 9:20-9:50 inside 9:00-11:00: 30 min. With 9:40-10:30: 9:40 to 9:50, 10 min.
        #expect(found["bcba"]?.map(\.minutes) == [30, 10])
        #expect(found["bcba"]?.map(\.path) == ["rbt", "rbt2"])
        #expect(found["bcba"]?.allSatisfy { $0.allowed } == true)
    }

    @Test("no overlap: one ending as the other starts, under a minute, another client, a 97153 with no end, another code")
    func none() {
        let found = Self.overlaps([Self.session("bcba", service: "97155", from: 0, to: 45),
                                   // Starts at 9:45, as the 97155 ends: 0 minutes.
                                   Self.session("touching", service: "97153", from: 45, to: 90, provider: "A. Tech, RBT"),
                                   Self.session("other-client", client: "maya-t", service: "97153", from: 0, to: 45, provider: "A. Tech, RBT"),
                                   Self.session("open", service: "97153", from: 10, to: nil, provider: "A. Tech, RBT"),
                                   Self.session("family", service: "97156", from: 0, to: 45, provider: "A. Tech, RBT")])
        #expect(found["bcba"] == [])
        // 59 seconds: 9:44:01 to 9:45:00 is under a whole minute.
        let short = Self.overlaps([Self.session("bcba", service: "97155", from: 0, to: 45),
                                   BillableSession(path: "rbt", client: "sam-r", clientName: "Sam R.", date: nil, day: "2025-03-03", service: "97153",
                                                   place: nil, provider: "A. Tech, RBT", minutes: 10, startSeconds: Self.nine + 44 * 60 + 1,
                                                   endSeconds: Self.nine + 60 * 60)])
        #expect(short["bcba"] == [])
        // 61 seconds: 9:43:59 to 9:45:00 rounds down to 1 minute.
        let one = Self.overlaps([Self.session("bcba", service: "97155", from: 0, to: 45),
                                 BillableSession(path: "rbt", client: "sam-r", clientName: "Sam R.", date: nil, day: "2025-03-03", service: "97153",
                                                 place: nil, provider: "A. Tech, RBT", minutes: 10, startSeconds: Self.nine + 44 * 60 - 1,
                                                 endSeconds: Self.nine + 60 * 60)])
        #expect(one["bcba"]?.map(\.minutes) == [1])
    }

    @Test("not allowed: the same provider on both (compared without case), or a payer that does not pay both")
    func notAllowed() {
        let same = Self.overlaps([Self.session("bcba", service: "97155", from: 0, to: 45, provider: "J. Doe, BCBA"),
                                  Self.session("rbt", service: "97153", from: 15, to: 30, provider: " j. doe, bcba")])
        // 9:15 to 9:30, inside the 97155: 15 minutes.
        #expect(same["bcba"]?.map(\.verdict) == [.sameProvider])
        #expect(same["bcba"]?.first?.text == "overlaps 97153 ( j. doe, bcba) for 15 min: not allowed, the same provider")
        let payer = Self.overlaps([Self.session("bcba", service: "97155", from: 0, to: 45),
                                   Self.session("rbt", service: "97153", from: 30, to: 75, provider: "A. Tech, RBT")], payerAllows: false)
        #expect(payer["bcba"]?.map(\.verdict) == [.payerDisallows])
        #expect(payer["bcba"]?.first?.text == "overlaps 97153 (A. Tech, RBT) for 15 min: not allowed by the vault's payer (concurrent_97155: false)")
        #expect(payer["bcba"]?.first?.allowed == false)
    }

    @Test("a provider not named on either session: not shown allowed, and says to name both")
    func providerMissing() {
        let found = Self.overlaps([Self.session("bcba", service: "97155", from: 0, to: 45),
                                   Self.session("rbt", service: "97153", from: 30, to: 75, provider: nil)])
        #expect(found["bcba"]?.map(\.verdict) == [.providerMissing])
        #expect(found["bcba"]?.first?.text == "overlaps 97153 for 15 min: allowed only with another provider; name both providers")
    }
}
