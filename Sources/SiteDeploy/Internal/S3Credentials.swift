import Foundation

/// The keys an S3 deploy signs with: only from the environment (`AWS_ACCESS_KEY_ID`,
/// `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`) or a profile of `~/.aws/credentials`
/// (`AWS_SHARED_CREDENTIALS_FILE` elsewhere), never from daybook.yml.
struct S3Credentials: Equatable {
    var accessKey: String
    var secretKey: String
    var sessionToken: String?

    /// The target's `profile` from the credentials file; without one the environment's keys, else
    /// the `AWS_PROFILE` (or `default`) profile.
    static func find(profile: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> S3Credentials {
        if profile == nil, let access = environment["AWS_ACCESS_KEY_ID"], let secret = environment["AWS_SECRET_ACCESS_KEY"],
           !access.isEmpty, !secret.isEmpty {
            return S3Credentials(accessKey: access, secretKey: secret, sessionToken: environment["AWS_SESSION_TOKEN"].flatMap { $0.isEmpty ? nil : $0 })
        }
        let file = environment["AWS_SHARED_CREDENTIALS_FILE"]
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.aws/credentials"
        let name = profile ?? environment["AWS_PROFILE"] ?? "default"
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw DeployError.Reason.credentials(profile == nil
                ? "no S3 credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or add a [default] profile to \(file)"
                : "cannot read \(file) for the profile '\(name)'")
        }
        guard let values = profileValues(in: text, named: name), let access = values["aws_access_key_id"],
              let secret = values["aws_secret_access_key"] else {
            throw DeployError.Reason.credentials("\(file) has no profile '\(name)' with aws_access_key_id and aws_secret_access_key")
        }
        return S3Credentials(accessKey: access, secretKey: secret, sessionToken: values["aws_session_token"])
    }

    /// The `key = value` lines of `[name]` in an INI text.
    static func profileValues(in text: String, named name: String) -> [String: String]? {
        var values: [String: String]?
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") && line.hasSuffix("]") {
                if values != nil { break }
                if line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces) == name { values = [:] }
            } else if values != nil, !line.hasPrefix("#"), !line.hasPrefix(";"), let equals = line.firstIndex(of: "=") {
                values?[line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()] =
                    line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return values
    }
}
