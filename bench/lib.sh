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

# Compiles a module's test classes (and what it depends on) and sets CP to its test class path. Without the
# dependency plugin (an offline machine that never downloaded it), takes the class path the compiler was given.
build_test_classpath() {
    local module=$1
    echo "== building the test classes of $module"
    if mvn -q -pl "$module" -am test-compile dependency:build-classpath \
        -Dmdep.outputFile=target/test.classpath -Dmdep.includeScope=test > target-build.log 2>&1; then
        CP="$module/target/test-classes:$module/target/classes:$(cat "$module/target/test.classpath")"
    else
        echo "(maven-dependency-plugin unavailable: taking the class path from the compiler's debug output)"
        # a newer test source makes the compiler run again, and show its class path
        find "$module/src/test/java" -name '*.java' | head -1 | xargs touch
        mvn -X -pl "$module" -am test-compile > target-build.log 2>&1 \
            || { echo "the build failed: see target-build.log" >&2; exit 1; }
        CP=$(grep -- "-d $PWD/$module/target/test-classes -classpath " target-build.log | tail -1 \
            | sed 's/.* -classpath \([^ ]*\) .*/\1/')
        [ -n "$CP" ] || { echo "no test class path of $module in target-build.log; is it compiled?" >&2; exit 1; }
    fi
    rm -f target-build.log
}
