"""Identifier spelling: the escapes inside quoted names."""
from enzyme_opt.ir.names import escape_string, format_global, format_local, unescape_string


def test_plain_ascii_is_kept_and_odd_bytes_are_escaped():
    assert escape_string("class.std::vector<double>") == "class.std::vector<double>"
    assert escape_string('a"b\\c') == "a\\22b\\5Cc"
    assert escape_string("tab\there\n") == "tab\\09here\\0A"
    assert escape_string("\x7f~ ") == "\\7F~ "
    assert escape_string("é") == "\\C3\\A9"                 # UTF-8, byte by byte
    assert escape_string("\udc80") == "\\80"                 # a byte read as surrogateescape


def test_escapes_read_back():
    for name in ("a b", 'q"uote', "back\\slash", "é\x01", "\udcff", "x::y"):
        assert unescape_string(escape_string(name)) == name


def test_names_are_quoted_only_when_needed():
    assert format_local("x.1") == "%x.1"
    assert format_global("_ZN1S3getEv") == "@_ZN1S3getEv"
    assert format_local("a b") == '%"a b"'
    assert format_global("f\"") == '@"f\\22"'
