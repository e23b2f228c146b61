import Foundation

/// The neutral name an export gets in a folder: `Afterflow-Export-20251106-1921.csv`, the local
/// time it was made and nothing about its sessions (no treatment, date range or name).
public enum ExportFileName {
    /// `Afterflow-Export-YYYYMMDD-HHmm.<ext>` for `now` in `timeZone`.
    public static func name(at now: Date, timeZone: TimeZone, extension ext: String) -> String {
        let d = LocalDate(now, in: timeZone)
        let t = d.time ?? LocalDate.Time(hour: 0, minute: 0, second: 0)
        return String(format: "Afterflow-Export-%04d%02d%02d-%02d%02d", d.year, d.month, d.day, t.hour, t.minute) + "." + ext
    }

    /// The name in `folder` that is not taken yet: the neutral name, else with `-2`, `-3`…
    /// before the extension (the one free-name rule, `FreeName`), so that two exports in the same
    /// minute keep both.
    public static func freePath(in folder: String, at now: Date, timeZone: TimeZone, extension ext: String) -> String {
        let base = name(at: now, timeZone: timeZone, extension: ext)
        let directory = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let stem = String(base.dropLast(ext.count + 1))
        let free = FreeName.first({ directory + "/" + FreeName.fileName(stem, extension: ext, attempt: $0) }) { FileIO.exists($0) }
        return free ?? directory + "/" + base
    }
}
