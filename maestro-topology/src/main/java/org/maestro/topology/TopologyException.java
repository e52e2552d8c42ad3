package org.maestro.topology;

import java.util.List;
import org.maestro.common.cli.CommandException;
import org.maestro.common.cli.ExitCode;

/**
 * A topology description, inventory or request that cannot be used as given; the message says
 * which file, line and item are wrong and how to fix them.
 */
public class TopologyException extends CommandException {

    private final List<String> problems;

    /** One problem in {@code source} (a file name or a short description of the input). */
    public TopologyException(String source, String problem) {
        this(source, List.of(problem));
    }

    /** Several problems found in {@code source}, reported together. */
    public TopologyException(String source, List<String> problems) {
        super(ExitCode.USAGE, format(source, problems));
        this.problems = List.copyOf(problems);
    }

    /** The problems, one sentence each, without the source prefix. */
    public List<String> problems() {
        return problems;
    }

    private static String format(String source, List<String> problems) {
        if (problems.size() == 1) {
            return source + ": " + problems.get(0);
        }
        StringBuilder text = new StringBuilder(source)
                .append(" has ")
                .append(problems.size())
                .append(" problems:");
        for (String problem : problems) {
            text.append("\n  - ").append(problem);
        }
        return text.toString();
    }
}
