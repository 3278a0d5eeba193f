# Sourced by the benchmark scripts: sets jmeter_dir to $JMETER_DIR, or else to the newest JMeter that the suite's
# jmeter:configure laid out and that is still on disk (suite/target/config.json lists every layout); exits when
# there is none. Needs $root, the checkout's root.
jmeter_dir=${JMETER_DIR:-}
if [[ -z "$jmeter_dir" ]]; then
  for dir in $(grep -o '"jmeterDirectoryPath":"[^"]*"' "$root/suite/target/config.json" 2>/dev/null | cut -d'"' -f4); do
    [[ -f "$dir/bin/ApacheJMeter-5.6.3.jar" ]] && jmeter_dir="$dir"
  done
fi
if [[ -z "$jmeter_dir" || ! -f "$jmeter_dir/bin/ApacheJMeter-5.6.3.jar" ]]; then
  echo "no laid-out JMeter: run 'mvn -B install -DskipTests' first, or set JMETER_DIR" >&2; exit 1
fi
