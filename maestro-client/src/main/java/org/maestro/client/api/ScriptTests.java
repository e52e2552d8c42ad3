package org.maestro.client.api;

import java.util.function.Consumer;

/**
 * The tests of a script as the parts of the DSL built on them (a rate search) use them: run one, judge one, read a
 * parameter of the environment. {@code Maestro}, the script's variable, is one.
 */
public interface ScriptTests {

    /** Runs a fixed-rate test defined by a Java consumer, starting from the script's defaults. */
    TestResult fixedRate(Consumer<TestDefinition> definition);

    /**
     * Records the script's verdict of one test it ran: a failure fails the test with this reason.
     *
     * @return the test's result with the verdict applied
     */
    TestResult verdict(TestResult test, boolean passed, String reason);

    /** An environment variable, or a default when it is not set. */
    String env(String name, String fallback);
}
