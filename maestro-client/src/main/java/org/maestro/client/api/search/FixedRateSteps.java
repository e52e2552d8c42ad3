package org.maestro.client.api.search;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.maestro.client.api.ScriptTests;
import org.maestro.client.api.TestResult;
import org.maestro.common.options.Durations;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.ReportException;
import org.maestro.reporter.compute.ReceiveRate;
import org.maestro.reporter.read.IterationFiles;

/**
 * Runs the steps of a search as fixed-rate tests, each an iteration of the search's test, and judges them: a step
 * passes when the test passed (its latency condition, no peer error), no message was lost, no error was counted,
 * and the receivers' measured rate ({@link ReceiveRate}: what they received within the measured window, the drain
 * after the senders stopped left out) is at least the achieved share of the target. A step the search counts as
 * failed is recorded as failed with the test, with the reason.
 */
public final class FixedRateSteps implements StepRunner {
    /** The latency condition of a step unless the search's test block sets one, ms of p90 response time. */
    static final long DEFAULT_MAXIMUM_LATENCY = 500;

    private final ScriptTests maestro;
    private final SearchSettings settings;
    private final SearchPlan plan;
    private final PrintStream out;
    private boolean onePassed;

    public FixedRateSteps(ScriptTests maestro, SearchSettings settings, SearchPlan plan, PrintStream out) {
        this.maestro = maestro;
        this.settings = settings;
        this.plan = plan;
        this.out = out;
    }

    @Override
    public StepOutcome run(int rate, int connections) {
        int perConnection = plan.perConnection(rate, connections);
        TestResult result = maestro.fixedRate(test -> {
            test.maximumLatency(DEFAULT_MAXIMUM_LATENCY);
            settings.applyTest(test);
            test.name(settings.name());
            test.parallelCount(connections);
            test.rate(perConnection);
            test.duration(settings.stepDuration());
            test.warmUp(warmUp());
        });
        IterationFiles files = files(result.directory());
        int senders = files == null ? 1 : Math.max(1, files.peers(Role.SENDER).size());
        double received = files == null ? 0 : ReceiveRate.of(files).stats().mean();
        long target = (long) perConnection * connections * senders;
        List<String> problems = new ArrayList<>();
        if (!result.passed()) {
            problems.add(result.reason());
        }
        if (!result.isLostKnown()) {
            problems.add("lost messages unknown: " + result.getUnknownReason());
        } else if (result.getLost() > 0) {
            problems.add(result.getLost() + " messages lost");
        }
        if (result.getErrors() > 0) {
            problems.add(result.getErrors() + " errors");
        }
        if (received < settings.achievedShare() * target) {
            problems.add(String.format(
                    Locale.ROOT,
                    "received %.0f msg/s, less than %s%% of %d",
                    received,
                    percent(settings.achievedShare()),
                    target));
        }
        StepOutcome outcome = new StepOutcome(
                problems.isEmpty(),
                String.join("; ", problems),
                target,
                received,
                result.iteration(),
                result.getResponseP90Ms(),
                result.generatorBound());
        onePassed |= outcome.passed();
        if (!outcome.passed() && result.passed()) {
            // the test's page, summary.json and junit.xml then say why the search counted the step as failed
            maestro.verdict(result, false, "the search's step failed: " + outcome.why());
        }
        out.println(String.format(
                Locale.ROOT,
                "%s #%d: %d × %d msg/s = %d msg/s target, %.0f msg/s received, " + "p90 %.3f ms: %s%s",
                settings.name(),
                result.iteration(),
                connections,
                perConnection,
                target,
                received,
                result.getResponseP90Ms(),
                outcome.passed() ? "PASSED" : "FAILED (" + outcome.why() + ")",
                result.isGeneratorBound() ? " [generator-bound: " + result.generatorBound() + "]" : ""));
        return outcome;
    }

    /** The files of a step's iteration; null when they cannot be read (then one sender, nothing received). */
    private static IterationFiles files(Path iteration) {
        try {
            return IterationFiles.open(iteration);
        } catch (ReportException e) {
            return null;
        }
    }

    /** The step's warm-up: twice as long until a step passed, as the SUT and the workers start cold. */
    private String warmUp() {
        String warmUp = settings.stepWarmUp();
        if (onePassed
                || !Durations.isDuration(warmUp)
                || Durations.parse(warmUp).isZero()) {
            return warmUp;
        }
        return Durations.format(Durations.parse(warmUp).multipliedBy(2));
    }

    private static String percent(double share) {
        double value = share * 100;
        return value == Math.rint(value) ? Long.toString(Math.round(value)) : String.format(Locale.ROOT, "%.1f", value);
    }
}
