#!/usr/bin/env bash
# W6: how long the type checker takes on an N-slot builder body, against the same slots appended
# to an array with plain statements.
#
#   Benchmarks/typecheck.sh              run W6, print the table, update results.md
#   Benchmarks/typecheck.sh --screen     print the 100-slot body the executable evaluates (W7)
#
# Environment: SCRATCH (scratch path, default Benchmarks/.build), SIZES (default
# "10 100 300 1000"), SAMPLES (default 5 up to 100 slots; then 3 at 300 and 1 at 1000, because a
# 1000-slot builder body alone takes about a minute to type-check), FULL=1 to also measure 1000
# slots with branches (another minute and more).
#
# Four forms of the same slots: plain statements appending to an array, one builder body, the
# builder body split into compositions of 10 slots (each composition its own body), and the
# builder body written in a function with `@CompositionBody`. The last form needs the macro: the
# script builds the package itself (debug, with its default `Macros` trait) into
# Benchmarks/.build-macros and loads the plugin from there; the time the plugin takes to expand
# is not in the function bodies' times.
#
# Each body is generated, then type-checked with
# `swiftc -typecheck -Xfrontend -debug-time-function-bodies` against the Compose module of the
# release build; the times the compiler reports for the file's bodies are summed, and the median
# of the samples is kept. Every variant is measured in the same run, so the ratios are comparable.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# Prints one slot statement: `Slot("s7") { Child { RowController() } }`, or an if/else between two
# children types for the same slot when `branch` is 1. `form` is builder or imperative.
slot() {
  local index=$1 branch=$2 form=$3 indent=$4
  if [[ $form == builder ]]; then
    if [[ $branch == 1 ]]; then
      printf '%sif flag {\n' "$indent"
      printf '%s  Slot("s%d") { Child { RowController() } }\n' "$indent" "$index"
      printf '%s} else {\n' "$indent"
      printf '%s  Slot("s%d") { Child { OtherController() } }\n' "$indent" "$index"
      printf '%s}\n' "$indent"
    else
      printf '%sSlot("s%d") { Child { RowController() } }\n' "$indent" "$index"
    fi
  else
    if [[ $branch == 1 ]]; then
      printf '%sif flag {\n' "$indent"
      printf '%s  slots.append(Slot("s%d") { Child { RowController() } })\n' "$indent" "$index"
      printf '%s} else {\n' "$indent"
      printf '%s  slots.append(Slot("s%d") { Child { OtherController() } })\n' "$indent" "$index"
      printf '%s}\n' "$indent"
    else
      printf '%sslots.append(Slot("s%d") { Child { RowController() } })\n' "$indent" "$index"
    fi
  fi
}

# Prints the slots of a body of `count` slots; with branches, every 10th slot is an if/else.
slots() {
  local count=$1 branches=$2 form=$3 indent=$4 index branch
  for ((index = 0; index < count; index++)); do
    branch=0
    if [[ $branches == 1 && $((index % 10)) == 9 ]]; then branch=1; fi
    slot "$index" "$branch" "$form" "$indent"
  done
}

# Prints a whole file: the controllers and a type with the body. The grouped form splits the
# slots into compositions of 10 (each its own body), which the main body lists.
source_file() {
  local count=$1 branches=$2 form=$3 part index branch
  printf 'import Compose\n\n'
  printf 'final class RowController: UIViewController {}\n'
  printf 'final class OtherController: UIViewController {}\n\n'
  if [[ $form == grouped ]]; then
    for ((part = 0; part * 10 < count; part++)); do
      printf '@MainActor\nstruct Part%d: Composition {\n  var flag: Bool\n\n' "$part"
      printf '  var body: CompositionContent {\n'
      for ((index = part * 10; index < part * 10 + 10 && index < count; index++)); do
        branch=0
        if [[ $branches == 1 && $((index % 10)) == 9 ]]; then branch=1; fi
        slot "$index" "$branch" builder '    '
      done
      printf '  }\n}\n\n'
    done
    printf '@MainActor\nstruct Screen: Composition {\n  var flag: Bool\n\n'
    printf '  var body: CompositionContent {\n'
    for ((part = 0; part * 10 < count; part++)); do
      printf '    Part%d(flag: flag)\n' "$part"
    done
    printf '  }\n}\n'
  elif [[ $form == macro ]]; then
    printf '@MainActor\nstruct Screen: Composition {\n  var flag: Bool\n\n'
    printf '  var body: CompositionContent { content() }\n\n'
    printf '  @CompositionBody\n  func content() -> CompositionContent {\n'
    slots "$count" "$branches" builder '    '
    printf '  }\n}\n'
  elif [[ $form == builder ]]; then
    printf '@MainActor\nstruct Screen: Composition {\n  var flag: Bool\n\n'
    printf '  var body: CompositionContent {\n'
    slots "$count" "$branches" builder '    '
    printf '  }\n}\n'
  else
    printf '@MainActor\nstruct Screen {\n  var flag: Bool\n\n'
    printf '  func slots() -> [Slot] {\n    var slots: [Slot] = []\n'
    slots "$count" "$branches" imperative '    '
    printf '    return slots\n  }\n}\n'
  fi
}

if [[ ${1:-} == --screen ]]; then
  printf '// Generated by `Benchmarks/typecheck.sh --screen`: the W6 builder body of 100 slots with\n'
  printf '// an if/else every 10th slot, evaluated by W7. Do not edit.\n'
  printf 'import Compose\n\n'
  printf '/// The 100-slot screen of W6, as W7 evaluates it.\n'
  printf '@MainActor\nstruct Screen100: Composition {\n  var flag: Bool\n\n'
  printf '  var body: CompositionContent {\n'
  slots 100 1 builder '    '
  printf '  }\n}\n'
  exit 0
fi

scratch="${SCRATCH:-$here/.build}"
sizes="${SIZES:-10 100 300 1000}"
samples="${SAMPLES:-5}"

swift build -c release --package-path "$here" --scratch-path "$scratch" >/dev/null
bin="$(swift build -c release --package-path "$here" --scratch-path "$scratch" --show-bin-path)"
modules="$bin/Modules"
[[ -d $modules ]] || modules="$bin"

macro_scratch="${MACRO_SCRATCH:-$here/.build-macros}"
swift build --package-path "$here/.." --scratch-path "$macro_scratch" --target Compose >/dev/null
macro_bin="$(swift build --package-path "$here/.." --scratch-path "$macro_scratch" --show-bin-path)"
macro_modules="$macro_bin/Modules"
[[ -d $macro_modules ]] || macro_modules="$macro_bin"
plugin="$macro_bin/ComposeMacros-tool#ComposeMacros"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Prints the median, in milliseconds, of the summed body times of `samples` runs. Local
# functions (the macro's groups) are left out: their time is already in the enclosing body's.
measure() {
  local file=$1 count=$2 form=$3 times=() run total flags
  flags=(-I "$modules")
  if [[ $form == macro ]]; then flags=(-I "$macro_modules" -load-plugin-executable "$plugin"); fi
  for ((run = 0; run < count; run++)); do
    total=$(swiftc -typecheck -swift-version 6 "${flags[@]}" \
      -Xfrontend -debug-time-function-bodies "$file" 2>&1 |
      awk -v file="$file" 'index($0, file) && !/local function/ {
        sub(/ms.*/, "", $1); sum += $1 } END { printf "%.2f", sum }')
    times+=("$total")
  done
  printf '%s\n' "${times[@]}" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

declare -A result
for count in $sizes; do
  runs=$samples
  if ((count >= 300 && runs > 3)); then runs=3; fi
  if ((count >= 1000)); then runs=1; fi
  for branches in 0 1; do
    if ((count >= 1000 && branches == 1)) && [[ ${FULL:-0} != 1 ]]; then continue; fi
    for form in imperative builder grouped macro; do
      file="$work/${form}_${count}_${branches}.swift"
      source_file "$count" "$branches" "$form" >"$file"
      result[$form,$count,$branches]=$(measure "$file" "$runs" "$form")
      echo "  $form, $count slots, branches $branches: ${result[$form,$count,$branches]} ms" >&2
    done
  done
done

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "–" }'; }

table="$(
  echo "| N | if/else every 10th | plain statements | builder | builder ÷ plain |" \
    "compositions of 10 | compositions ÷ plain | @CompositionBody | @CompositionBody ÷ plain |"
  echo "|---:|:---:|---:|---:|---:|---:|---:|---:|---:|"
  for count in $sizes; do
    for branches in 0 1; do
      [[ -n ${result[imperative,$count,$branches]:-} ]] || continue
      plain=${result[imperative,$count,$branches]}
      built=${result[builder,$count,$branches]}
      grouped=${result[grouped,$count,$branches]}
      macro=${result[macro,$count,$branches]}
      echo "| $count | $([[ $branches == 1 ]] && echo yes || echo no) | $plain ms | $built ms |" \
        "$(ratio "$built" "$plain")× | $grouped ms | $(ratio "$grouped" "$plain")× |" \
        "$macro ms | $(ratio "$macro" "$plain")× |"
    done
  done
)"

verdict() { awk -v v="$1" -v l="$2" 'BEGIN { print (v <= l ? "met" : "MISSED") }'; }
goals=""
if [[ -n ${result[builder,100,1]:-} ]]; then
  r=$(ratio "${result[builder,100,1]}" "${result[imperative,100,1]}")
  goals+="- 100 slots, if/else every 10th: builder ÷ plain = ${r}× (goal ≤ 2.5×): $(verdict "$r" 2.5)"$'\n'
fi
if [[ -n ${result[builder,300,0]:-} && -n ${result[builder,100,0]:-} ]]; then
  for branches in 0 1; do
    r=$(ratio "${result[builder,300,$branches]}" "${result[builder,100,$branches]}")
    label=$([[ $branches == 1 ]] && echo "with if/else" || echo "no branches")
    goals+="- builder 300 ÷ 100 slots, $label = ${r}× (goal ≤ 4×): $(verdict "$r" 4)"$'\n'
  done
  r=$(ratio "${result[grouped,100,1]}" "${result[imperative,100,1]}")
  r3=$(ratio "${result[grouped,300,1]}" "${result[grouped,100,1]}")
  goals+="- (for comparison) split into compositions of 10: ${r}× plain at 100 slots with"
  goals+=" if/else, 300 ÷ 100 = ${r3}×"$'\n'
fi
if [[ -n ${result[macro,100,1]:-} ]]; then
  r=$(ratio "${result[macro,100,1]}" "${result[imperative,100,1]}")
  goals+="- with @CompositionBody, 100 slots, if/else every 10th: ÷ plain = ${r}× (goal ≤ 2.5×):"
  goals+=" $(verdict "$r" 2.5)"$'\n'
fi
if [[ -n ${result[macro,300,0]:-} && -n ${result[macro,100,0]:-} ]]; then
  for branches in 0 1; do
    r=$(ratio "${result[macro,300,$branches]}" "${result[macro,100,$branches]}")
    label=$([[ $branches == 1 ]] && echo "with if/else" || echo "no branches")
    goals+="- with @CompositionBody, 300 ÷ 100 slots, $label = ${r}× (goal ≤ 4×):"
    goals+=" $(verdict "$r" 4)"$'\n'
  done
fi

section="$(
  echo "<!-- W6 begin -->"
  echo "## W6: type-checking an N-slot body"
  echo
  echo "Sum of \`-Xfrontend -debug-time-function-bodies\` over the generated file (local" \
    "functions left out: their time is in the enclosing body's), median of $samples runs up to" \
    "100 slots (3 at 300, 1 at 1000), all in one run of \`typecheck.sh\`; 1000 slots with" \
    "branches only with \`FULL=1\`. The @CompositionBody form is the builder body in a function" \
    "with the macro; the plugin's own time (a debug build here) is not in these sums."
  echo
  echo "$table"
  echo
  echo "$goals"
  echo "<!-- W6 end -->"
)"

echo "$section"

# Replace the W6 section of results.md, or append it.
results="$here/results.md"
if [[ -f $results ]] && grep -q '<!-- W6 begin -->' "$results"; then
  awk -v section="$section" '
    /<!-- W6 begin -->/ { print section; skipping = 1; next }
    /<!-- W6 end -->/ { skipping = 0; next }
    !skipping { print }
  ' "$results" >"$work/results.md"
  mv "$work/results.md" "$results"
else
  printf '\n%s\n' "$section" >>"$results"
fi
