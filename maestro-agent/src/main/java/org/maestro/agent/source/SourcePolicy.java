package org.maestro.agent.source;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.maestro.agent.AgentConfig;
import org.maestro.base.net.UrlRedactor;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;

/**
 * Decides whether an agent may use an extension-point source: a git URL must match one of the allowed prefixes, a
 * directory must lie (after resolving links and {@code ..}) in one of the allowed directories. Immutable.
 *
 * <p>A prefix ending in {@code /} allows every URL below it; any other prefix allows that repository only (with or
 * without {@code .git}), so {@code https://git.example.com/acme/actions} does not allow
 * {@code https://git.example.com/acme/actions-evil}.
 */
public final class SourcePolicy {
    private static final Pattern URL = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*://.*");
    private static final Pattern SCP_LIKE = Pattern.compile("[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:.*");

    private final List<String> gitPrefixes;
    private final List<Path> directories;

    public SourcePolicy(List<String> gitPrefixes, List<Path> directories) {
        this.gitPrefixes = List.copyOf(gitPrefixes);
        this.directories = List.copyOf(directories);
    }

    /** True when the source is written as a git URL rather than a directory. */
    public static boolean isGitUrl(String source) {
        return URL.matcher(source).matches() || SCP_LIKE.matcher(source).matches();
    }

    /**
     * Checks a git URL.
     *
     * @throws RoleException INVALID_OPTION for a malformed URL, REFUSED when no allowed prefix matches
     */
    public void checkGit(String url) throws RoleException {
        if (url.chars().anyMatch(c -> Character.isWhitespace(c) || Character.isISOControl(c))) {
            throw new RoleException(
                    ErrorCodes.INVALID_OPTION,
                    "the git URL '" + UrlRedactor.redact(url) + "' contains blanks or control" + " characters");
        }
        String lower = url.toLowerCase(Locale.ROOT);
        if (lower.contains("%2e")
                || lower.contains("%2f")
                || List.of(url.split("[/:]")).contains("..")) {
            throw new RoleException(
                    ErrorCodes.REFUSED,
                    "the agent source '" + UrlRedactor.redact(url) + "' is refused: a git URL may not"
                            + " contain '..' or encoded dots and slashes, which could leave the allowed location");
        }
        for (String prefix : gitPrefixes) {
            if (prefix.endsWith("/")
                    ? url.startsWith(prefix)
                    : url.equals(prefix) || url.equals(prefix + ".git") || url.equals(prefix + "/")) {
                return;
            }
        }
        throw refused(url, "its URL starts with none of the allowed git URL prefixes " + describe(gitPrefixes));
    }

    /**
     * Checks a directory and returns its real path.
     *
     * @throws RoleException INVALID_OPTION when it is not an existing absolute directory, REFUSED when it is not in
     *                       an allowed directory
     */
    public Path checkDirectory(String source) throws RoleException {
        Path given = Path.of(source);
        if (!given.isAbsolute()) {
            throw new RoleException(
                    ErrorCodes.INVALID_OPTION,
                    "the agent source '" + UrlRedactor.redact(source) + "' is neither a git URL"
                            + " nor an absolute directory path");
        }
        Path real;
        try {
            real = given.toRealPath();
        } catch (IOException e) {
            real = given.normalize();
        }
        if (!isAllowed(real)) {
            String resolved = real.toString().equals(source) ? "" : " (it resolves to " + real + ")";
            throw refused(
                    source,
                    "it is in none of the allowed directories "
                            + describe(directories.stream().map(Path::toString).toList()) + resolved);
        }
        if (!Files.isDirectory(real)) {
            throw new RoleException(
                    ErrorCodes.INVALID_OPTION, "the agent source " + source + " is not a directory on" + " this agent");
        }
        return real;
    }

    private boolean isAllowed(Path real) {
        for (Path directory : directories) {
            Path allowed;
            try {
                allowed = directory.toRealPath();
            } catch (IOException e) {
                continue;
            }
            if (real.startsWith(allowed)) {
                return true;
            }
        }
        return false;
    }

    private static RoleException refused(String source, String rule) {
        return new RoleException(
                ErrorCodes.REFUSED,
                "the agent source '" + UrlRedactor.redact(source) + "' is refused: this agent runs"
                        + " only the sources its configuration allows, and " + rule
                        + "; to allow it, start the agent with "
                        + AgentConfig.ALLOW_SOURCE_OPTION + " " + UrlRedactor.redact(source));
    }

    private static String describe(List<String> values) {
        return values.isEmpty() ? "(none)" : new ArrayList<>(values).toString();
    }
}
