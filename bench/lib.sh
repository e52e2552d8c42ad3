# Shared by the benchmark scripts (sourced, run from the project root).

# Prints what the figures depend on: cores, memory, CPU model, Java, current load.
print_machine() {
    echo "== machine"
    echo "nproc: $(nproc)"
    free -g | head -2
    grep -m1 'model name' /proc/cpuinfo || true
    java -version 2>&1 | head -1
    echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
}

# Compiles a module's test classes (and what it depends on) and sets CP to its test class path.
build_test_classpath() {
    local module=$1
    echo "== building the test classes of $module"
    mvn -q -pl "$module" -am test-compile dependency:build-classpath \
        -Dmdep.outputFile=target/test.classpath -Dmdep.includeScope=test
    CP="$module/target/test-classes:$module/target/classes:$(cat "$module/target/test.classpath")"
}
