"""Reading and writing YAML: the one place in shaper-gm that imports ``yaml``."""

from shaper_gm.content.yamlio import YamlError, dump_yaml, load_yaml_file, load_yaml_text

__all__ = ["YamlError", "dump_yaml", "load_yaml_file", "load_yaml_text"]
