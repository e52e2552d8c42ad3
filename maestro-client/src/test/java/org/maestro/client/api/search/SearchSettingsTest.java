package org.maestro.client.api.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import groovy.lang.Closure;
import groovy.lang.GroovyShell;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.maestro.client.api.MaestroException;
import org.maestro.client.api.TestDefinition;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.options.OptionCode;

/** The findMaxRate block as a script writes it, and the environment variables that win over it. */
class SearchSettingsTest {

    private static SearchSettings settings(String block, Map<String, String> environment) {
        Closure<?> closure = (Closure<?>) new GroovyShell().evaluate(block);
        return SearchSettings.of(closure, environment::get);
    }

    @Test
    void theBlockSetsThePlanAndTheTestOfEveryStep() {
        SearchSettings settings = settings(
                "{ -> name 'orders-max'; fair true; initialRate 2000; ceilingRate 40000;"
                        + " rateGrowth 1.5; resolution 2; maxSteps 12; initialParallelCount 2; parallelCountStep 2;"
                        + " maxParallelCount 6; stepRetries 2; maximumLatency 200; test { messageSize 1024 } }",
                Map.of());

        assertEquals(new SearchPlan(true, 2000, 40000, 1.5, 2, 12, 2, 2, 6, 3), settings.plan());
        assertEquals("orders-max", settings.name());
        TestDefinition step = new TestDefinition();
        settings.applyTest(step);
        assertEquals("200", step.values().get(OptionCode.FCL));
        assertEquals("1024", step.values().get(OptionCode.MESSAGE_SIZE));
    }

    @Test
    void theEnvironmentWinsOverTheBlock() {
        SearchSettings settings = settings(
                "{ -> initialRate 2000; maxParallelCount 6; stepDuration '20s' }",
                Map.of(
                        "INITIAL_RATE",
                        "500",
                        "RATE_GROWTH",
                        "4",
                        "MAX_PARALLEL_COUNT",
                        "3",
                        "STEP_DURATION",
                        "5s",
                        "ACHIEVED_PERCENT",
                        "90"));

        assertEquals(new SearchPlan(false, 500, 1_000_000, 4, 5, 20, 1, 1, 3, 2), settings.plan());
        assertEquals("5s", settings.stepDuration());
        assertEquals(0.9, settings.achievedShare(), 1e-12);
    }

    @Test
    void withoutMostConnectionsOnlyTheRateIsSearched() {
        SearchPlan plan = settings("{ -> initialParallelCount 4 }", Map.of()).plan();

        assertEquals(4, plan.initialConnections());
        assertEquals(4, plan.maxConnections());
    }

    @Test
    void settingsThatDoNotFitAreAUsageErrorWithTheValuesGot() {
        MaestroException refused = assertThrows(
                MaestroException.class,
                () -> settings("{ -> rateGrowth 1 }", Map.of()).plan());

        assertEquals(ExitCode.USAGE, refused.exitCode());
        assertTrue(refused.getMessage().contains("RATE_GROWTH > 1"), refused.getMessage());
        assertTrue(refused.getMessage().contains("RATE_GROWTH=1.0"), refused.getMessage());
    }
}
