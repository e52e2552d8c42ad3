package org.maestro.agent.actions;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;

/**
 * Finds the programs ready actions run ({@code tc}, {@code iptables}, {@code ip}, {@code kill}): where the agent's
 * configuration puts them, else on the PATH and in the sbin directories. Immutable.
 */
public final class Tools {
    private static final List<String> SYSTEM_DIRECTORIES =
            List.of("/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin");

    private final Map<String, Path> configured;
    private final List<Path> searchPath;

    /** Tools from the configuration, else from the PATH of this process. */
    public Tools(Map<String, Path> configured) {
        this(configured, System.getenv().getOrDefault("PATH", ""));
    }

    Tools(Map<String, Path> configured, String path) {
        this.configured = Map.copyOf(configured);
        List<Path> directories = new ArrayList<>();
        for (String entry : path.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                directories.add(Path.of(entry));
            }
        }
        SYSTEM_DIRECTORIES.forEach(directory -> directories.add(Path.of(directory)));
        this.searchPath = List.copyOf(directories);
    }

    /** The program of a tool, if it can be run. */
    public Optional<Path> find(String tool) {
        Path given = configured.get(tool);
        if (given != null) {
            return Files.isExecutable(given) && Files.isRegularFile(given) ? Optional.of(given) : Optional.empty();
        }
        for (Path directory : searchPath) {
            Path candidate = directory.resolve(tool);
            if (Files.isExecutable(candidate) && Files.isRegularFile(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /**
     * The program of a tool an action needs.
     *
     * @param neededBy the action, for the message
     * @param providedBy the package that has the tool, for the message
     * @throws RoleException saying which tool is missing where, and how to fix it
     */
    public Path require(String tool, String neededBy, String providedBy) throws RoleException {
        Optional<Path> found = find(tool);
        if (found.isPresent()) {
            return found.get();
        }
        Path given = configured.get(tool);
        String where = given != null
                ? "at " + given + " (as configured), which does not exist or is not executable"
                : "on the PATH or in " + String.join(", ", SYSTEM_DIRECTORIES);
        throw new RoleException(
                ErrorCodes.OTHER,
                neededBy + " needs the program " + tool + ", which is not " + where + ": install " + providedBy
                        + " or give the agent its path");
    }
}
