# A suite of fake execution programs for selfcheck/exec-format.test: the
# format of test/exec (test/utils/exectest.py) with features given by
# --param features=a,b and no compiler behind the commands.
import os
import sys

sys.path.insert(0, lit_config.params["utils"])
import exectest

config.name = "exec-format"
config.test_format = exectest.ExecTest()
config.suffixes = [".cpp"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = lit_config.params["exec_root"]
for feature in lit_config.params.get("features", "").split(","):
    if feature:
        config.available_features.add(feature)
