package org.maestro.agent.source;

import groovy.lang.GroovyClassLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.maestro.agent.handler.Action;
import org.maestro.agent.handler.GroovyHandler;
import org.maestro.agent.handler.ProgramHandler;
import org.maestro.base.net.UrlRedactor;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;

/**
 * A fetched source of extension points: a directory whose {@code handlers/} holds one handler per command, a Groovy
 * script ({@code restart} runs {@code handlers/restart.groovy}, {@code router/restart} runs
 * {@code handlers/router/restart.groovy}) or else an executable file ({@code check-disk} runs
 * {@code handlers/check-disk}, {@code probe.py} runs {@code handlers/probe.py}), and whose {@code lib/} holds Groovy
 * classes the scripts may import. Thread-safe; compiled scripts are cached until their file changes.
 */
public final class ExtensionSource {
    /** The directory of handler scripts. */
    public static final String HANDLERS = "handlers";
    /** The extension of handler scripts. */
    public static final String EXTENSION = ".groovy";

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]*(/[A-Za-z0-9_][A-Za-z0-9_.-]*)*");

    private record Compiled(long modified, GroovyHandler handler) {}

    private final String origin;
    private final String branch;
    private final Path root;
    private final String commit;
    private final boolean clone;
    private final GroovyClassLoader loader;
    private final Map<Path, Compiled> compiled = new ConcurrentHashMap<>();

    /**
     * @param origin the source as given (URL or directory)
     * @param branch the branch, or empty
     * @param root   the directory holding {@code handlers/}
     * @param commit the commit checked out, or null for a plain directory
     * @param clone  true when the agent made the directory (and deletes it when done)
     */
    public ExtensionSource(String origin, String branch, Path root, String commit, boolean clone) {
        this.origin = origin;
        this.branch = branch;
        this.root = root;
        this.commit = commit;
        this.clone = clone;
        this.loader = GroovyHandler.classLoader(root);
    }

    public String origin() {
        return origin;
    }

    public String branch() {
        return branch;
    }

    public Path root() {
        return root;
    }

    public Optional<String> commit() {
        return Optional.ofNullable(commit);
    }

    /** True when the directory is a clone the agent made. */
    public boolean isClone() {
        return clone;
    }

    /** The source for messages, without credentials: {@code <url> (branch b, commit abc1234)} or the directory. */
    public String describe() {
        StringBuilder text = new StringBuilder(UrlRedactor.redact(origin));
        if (!branch.isEmpty() || commit != null) {
            text.append(" (");
            if (!branch.isEmpty()) {
                text.append("branch ").append(branch).append(commit != null ? ", " : "");
            }
            if (commit != null) {
                text.append("commit ").append(commit, 0, Math.min(12, commit.length()));
            }
            text.append(')');
        }
        return text.toString();
    }

    /**
     * Checks a handler name: letters, digits, {@code _ . -} and {@code /} between parts; nothing that could leave
     * the {@code handlers/} directory.
     *
     * @throws RoleException REFUSED for a name that would leave the directory, INVALID_OPTION for other bad names
     */
    public static String checkName(String name) throws RoleException {
        String bare = name.endsWith(EXTENSION) ? name.substring(0, name.length() - EXTENSION.length()) : name;
        if (bare.startsWith("/")
                || bare.contains("\\")
                || List.of(bare.split("/")).contains("..")) {
            throw new RoleException(
                    ErrorCodes.REFUSED,
                    "the handler name '" + name + "' is refused: it would leave"
                            + " the source's " + HANDLERS + "/ directory; name a script below it, e.g. restart for "
                            + HANDLERS + "/restart" + EXTENSION);
        }
        if (!NAME.matcher(bare).matches()) {
            throw new RoleException(
                    ErrorCodes.INVALID_OPTION,
                    "the handler name '" + name + "' may only have letters,"
                            + " digits, '_', '.', '-' and '/' between parts");
        }
        return bare;
    }

    /**
     * The file of a handler name, when this source has one: its Groovy script {@code handlers/<name>.groovy}, else
     * the executable file {@code handlers/<name>}.
     *
     * @throws RoleException REFUSED when the name, or a link on the way, leads out of {@code handlers/}; OTHER when
     *                       {@code handlers/<name>} is not executable
     */
    public Optional<Path> handler(String name) throws RoleException {
        String bare = checkName(name);
        Path handlers = root.resolve(HANDLERS).normalize();
        Path script = below(handlers, bare + EXTENSION, name);
        if (Files.isRegularFile(script)) {
            return Optional.of(inside(handlers, script, name));
        }
        Path program = below(handlers, bare, name);
        if (!Files.isRegularFile(program)) {
            return Optional.empty();
        }
        inside(handlers, program, name);
        if (!Files.isExecutable(program)) {
            String relative = HANDLERS + "/" + bare;
            throw new RoleException(
                    ErrorCodes.OTHER,
                    "the handler " + relative + " of " + describe() + " is not executable: a file of " + HANDLERS
                            + "/ other than a Groovy script (" + EXTENSION + ") runs as a program; make it executable"
                            + " (chmod +x " + relative + ", and commit that mode in a git source), or name it "
                            + relative + EXTENSION + " if it is Groovy");
        }
        return Optional.of(program);
    }

    private static Path below(Path handlers, String relative, String name) throws RoleException {
        Path file = handlers.resolve(relative).normalize();
        if (!file.startsWith(handlers)) {
            throw new RoleException(
                    ErrorCodes.REFUSED, "the handler name '" + name + "' is refused: it leaves " + handlers);
        }
        return file;
    }

    private static Path inside(Path handlers, Path file, String name) throws RoleException {
        try {
            if (!file.toRealPath().startsWith(handlers.toRealPath())) {
                throw new RoleException(
                        ErrorCodes.REFUSED,
                        "the handler " + name + " is refused: its file " + file + " links to " + file.toRealPath()
                                + ", outside " + handlers + "; put the file itself below " + HANDLERS + "/");
            }
        } catch (IOException e) {
            throw new RoleException(ErrorCodes.IO, "cannot read the handler " + file + ": " + e.getMessage(), e);
        }
        return file;
    }

    /** True for a Groovy handler script, false for a handler that is a program. */
    public static boolean isScript(Path file) {
        return file.getFileName().toString().endsWith(EXTENSION);
    }

    /**
     * The action of a handler file {@link #handler} found: its compiled script, or the program.
     *
     * @throws RoleException OTHER naming the line when a script does not compile
     */
    public Action action(Path file) throws RoleException {
        return isScript(file)
                ? compile(file)
                : new ProgramHandler(file, root.relativize(file).toString());
    }

    /**
     * Compiles (or takes from the cache) a handler script.
     *
     * @throws RoleException OTHER naming the line when the script does not compile
     */
    public GroovyHandler compile(Path file) throws RoleException {
        try {
            long modified = Files.getLastModifiedTime(file).toMillis();
            Compiled cached = compiled.get(file);
            if (cached != null && cached.modified() == modified) {
                return cached.handler();
            }
            GroovyHandler handler = GroovyHandler.compile(loader, file);
            compiled.put(file, new Compiled(modified, handler));
            return handler;
        } catch (GroovyHandler.HandlerCompilationException e) {
            throw new RoleException(
                    ErrorCodes.OTHER,
                    "the handler " + root.relativize(file) + " of " + describe() + " does not compile: "
                            + e.getMessage(),
                    e);
        } catch (IOException e) {
            throw new RoleException(ErrorCodes.IO, "cannot read the handler " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Compiles every handler, so that later commands start without compiling.
     *
     * @return a message for each handler that does not compile
     */
    public List<String> precompile() {
        List<String> problems = new java.util.ArrayList<>();
        for (String name : handlerNames()) {
            try {
                Optional<Path> file = handler(name);
                if (file.isPresent() && isScript(file.get())) {
                    compile(file.get());
                }
            } catch (RoleException e) {
                problems.add(e.getMessage());
            }
        }
        return problems;
    }

    /** The handler names this source has (its scripts and its executable files), sorted. */
    public List<String> handlerNames() {
        Path handlers = root.resolve(HANDLERS);
        if (!Files.isDirectory(handlers)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(handlers)) {
            return files.filter(f -> Files.isRegularFile(f) && (isScript(f) || Files.isExecutable(f)))
                    .map(f -> handlers.relativize(f).toString().replace('\\', '/'))
                    .map(n -> n.endsWith(EXTENSION) ? n.substring(0, n.length() - EXTENSION.length()) : n)
                    .distinct()
                    .sorted()
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
