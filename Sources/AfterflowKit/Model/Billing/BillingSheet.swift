/// The units each trial session bills, by the vault's services and unit rule.
///
/// **The period** of the 8-minute rule is one client's day (CMS counts a beneficiary's timed
/// minutes per day): the minutes of every timed session of the client on that day are added up
/// per code, the rule gives each code its units (`UnitRule.units(minutesByCode:)`), and a code's
/// units are shared among its sessions of the day as the rule shares them among codes (whole 15
/// minutes first, then the most minutes left). An untimed code bills one unit a session.
///
/// A session is not billable, with the reason, when it has no end time, no service, a service
/// not on the vault's list, or (timed) no unit by the rule.
public enum BillingSheet {
    /// The lines of `sessions`, oldest first. Each 97155 line notes the 97153 sessions of its
    /// client it overlaps (`ServiceOverlap`), allowed unless `payerAllows97155` is false (the
    /// vault's `concurrent_97155:`); the units are not changed by it.
    public static func lines(_ sessions: [BillableSession], services: [ServiceCode], rule: UnitRule,
                             payerAllows97155: Bool = true) -> [BillingLine] {
        let ordered = sessions.sorted { a, b in
            let ka = a.date?.wallClockSeconds ?? Int.min, kb = b.date?.wallClockSeconds ?? Int.min
            return ka != kb ? ka < kb : a.path < b.path
        }
        var lines = ordered.map { line(for: $0, services: services) }
        // The timed lines still billable, by client and day.
        var days: [String: [Int]] = [:]
        var dayOrder: [String] = []
        for (i, line) in lines.enumerated() where line.billable && line.service?.timed == true {
            let key = line.session.client + "\u{0}" + (line.session.day ?? "")
            if days[key] == nil { dayOrder.append(key) }
            days[key, default: []].append(i)
        }
        for key in dayOrder {
            let shares = timedUnits(lines, indexes: days[key] ?? [], rule: rule)
            let dayMinutes = shares.reduce(0) { $0 + max(0, lines[$1.0].session.minutes ?? 0) }
            let dayUnits = shares.reduce(0) { $0 + $1.1 }
            for (i, units) in shares {
                lines[i].units = units
                if units == 0 {
                    lines[i].reason = "no unit: the day's \(counted(dayMinutes, "timed minute", "timed minutes")) earn \(dayUnits) by the \(rule.rawValue) rule"
                        + (dayUnits > 0 ? ", given to another session" : "")
                }
            }
        }
        // Each client's 97153 sessions, so that a 97155 is compared with its client's alone.
        var technician: [String: [BillableSession]] = [:]
        for session in ordered where session.service?.trimmingASCIIWhitespace().uppercased() == ServiceOverlap.technicianCode {
            technician[session.client, default: []].append(session)
        }
        for i in lines.indices where !technician.isEmpty {
            lines[i].overlaps = ServiceOverlap.overlaps(of: lines[i].session, among: technician[lines[i].session.client] ?? [],
                                                        payerAllows: payerAllows97155)
        }
        return lines
    }

    /// A session's line before the day's timed units are shared: its service, one unit for an
    /// untimed one, or the reason it is not billable.
    static func line(for session: BillableSession, services: [ServiceCode]) -> BillingLine {
        var line = BillingLine(session: session, service: nil, units: 0, reason: nil)
        let code = session.service?.trimmingASCIIWhitespace() ?? ""
        if session.minutes == nil {
            line.reason = "no end time"
        } else if code.isEmpty {
            line.reason = "no service"
        } else if let service = services.service(code) {
            line.service = service
            if !service.timed { line.units = 1 }
        } else {
            line.reason = "service \(code) is not one of the vault's services"
        }
        if line.reason != nil { line.service = session.service.flatMap { services.service($0) } }
        return line
    }

    /// The units of the timed lines at `indexes` (one client's day), by the rule over the day's
    /// minutes per code, each code's units shared among its sessions.
    static func timedUnits(_ lines: [BillingLine], indexes: [Int], rule: UnitRule) -> [(Int, Int)] {
        var codes: [String] = []
        var byCode: [String: [Int]] = [:]
        for i in indexes {
            guard let code = lines[i].service?.code else { continue }
            if byCode[code] == nil { codes.append(code) }
            byCode[code, default: []].append(i)
        }
        let minutes = codes.map { code in (byCode[code] ?? []).reduce(0) { $0 + max(0, lines[$1].session.minutes ?? 0) } }
        let codeUnits = rule.units(minutesByCode: minutes)
        var result: [(Int, Int)] = []
        for (c, code) in codes.enumerated() {
            let members = byCode[code] ?? []
            let shares = UnitRule.share(codeUnits[c], among: members.map { lines[$0].session.minutes ?? 0 })
            result += zip(members, shares).map { ($0, $1) }
        }
        return result
    }

    /// Sessions, billable sessions, units and minutes of `lines`.
    public static func totals(_ lines: [BillingLine]) -> (sessions: Int, billable: Int, units: Int, minutes: Int) {
        let billable = lines.filter(\.billable)
        return (lines.count, billable.count, billable.reduce(0) { $0 + $1.units }, billable.reduce(0) { $0 + ($1.session.minutes ?? 0) })
    }
}
