#!/usr/bin/env python3
"""Turns a weights file (the text form of ox88_eval::Weights::to_text, e.g. written by the tune example) into the
fields of `Weights::DEFAULT` for crates/eval/src/defaults.rs.

Usage: weights_to_rust.py WEIGHTS.txt > fields.rs

Each mobility table is re-centred (the entry of typical mobility becomes zero) and the constant moves into that
piece's material value, which leaves every evaluation unchanged. The piece-square tables are written as DEFAULT_PST,
the tables of pst.rs: tune with --skip pst so that the file's tables are those.
"""
import sys

# Fields of plain integers; every other field is made of (middlegame, endgame) pairs.
INTEGER_FIELDS = {
    "king_attacker", "king_zone_attack", "king_safe_check", "king_weak_square", "king_no_queen",
    "king_shelter_relief", "king_danger_threshold", "king_danger_cap",
    "scale_opposite_bishops", "scale_opposite_bishops_passer", "scale_opposite_bishops_pieces",
    "scale_minor_up_no_rook", "scale_minor_up_weak_minor", "scale_minor_up", "scale_wrong_bishop",
}
# Fields that are tables even when they could be read as one value.
TABLE_FIELDS = {"material", "king_attacker", "king_safe_check"}
# Mobility table: (piece's index in `material`, entry of typical mobility).
CENTRES = {"knight_mobility": (1, 4), "bishop_mobility": (2, 6), "rook_mobility": (3, 6), "queen_mobility": (4, 12)}


def read(path):
    fields, current = {}, None
    for line in open(path):
        line = line.split("#")[0]
        if "=" in line:
            current, line = (part.strip() for part in line.split("=", 1))
            fields[current] = []
        fields[current].extend(int(token) for token in line.split())
    return fields


def main():
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(sys.argv) == 2 else 2
    fields = read(sys.argv[1])
    values = {}
    for name, numbers in fields.items():
        if name in INTEGER_FIELDS:
            values[name] = numbers if len(numbers) > 1 or name in TABLE_FIELDS else numbers[0]
        else:
            pairs = [tuple(numbers[i:i + 2]) for i in range(0, len(numbers), 2)]
            values[name] = pairs if len(pairs) > 1 or name in TABLE_FIELDS else pairs[0]
    material = [list(p) for p in values["material"]]
    for name, (role, centre) in CENTRES.items():
        mg0, eg0 = values[name][centre]
        values[name] = [(mg - mg0, eg - eg0) for mg, eg in values[name]]
        material[role][0] += mg0
        material[role][1] += eg0
    values["material"] = [tuple(p) for p in material]
    for name, value in values.items():
        if name == "pst":
            print("        pst: DEFAULT_PST,")
        elif isinstance(value, int):
            print(f"        {name}: {value},")
        elif isinstance(value, tuple):
            print(f"        {name}: S({value[0]}, {value[1]}),")
        elif all(isinstance(v, int) for v in value):
            print(f"        {name}: {value},")
        elif name == "material" or len(value) <= 6:
            print(f"        {name}: [{', '.join(f'S({a}, {b})' for a, b in value)}],")
        else:
            print(f"        {name}: pairs({[a for a, _ in value]}, {[b for _, b in value]}),")
    return 0


if __name__ == "__main__":
    sys.exit(main())
