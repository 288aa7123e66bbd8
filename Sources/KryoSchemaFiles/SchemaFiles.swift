import KryoCore

/// Schema files: YAML or JSON descriptions of Java classes, loaded into the core's ``SchemaSet``.
public enum SchemaFiles {}
