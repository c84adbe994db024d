/// The version `daybook --version` prints.
public enum DaybookVersion {
    public static let current = "0.2.0"
}
