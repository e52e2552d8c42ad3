package org.maestro.agent.handler;

import groovy.lang.Binding;
import groovy.lang.GroovyClassLoader;
import groovy.lang.GroovyCodeSource;
import groovy.lang.GroovyShell;
import groovy.lang.Script;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.codehaus.groovy.control.CompilationFailedException;
import org.codehaus.groovy.control.CompilerConfiguration;
import org.codehaus.groovy.runtime.InvokerHelper;

/**
 * A compiled handler script of an agent source, run as an {@link Action}: each run gets a fresh script instance
 * whose binding holds {@code args}, {@code options}, {@code log}, {@code action}, {@code sourceDir} and an
 * {@code out} that {@code println} writes into the action's log. Immutable, so runs may overlap.
 */
public final class GroovyHandler implements Action {
    private final Path file;
    private final Class<?> scriptClass;

    private GroovyHandler(Path file, Class<?> scriptClass) {
        this.file = file;
        this.scriptClass = scriptClass;
    }

    /**
     * A class loader for the handlers of one source: scripts extend {@link HandlerScript}, and Groovy classes under
     * the source's {@code lib/} directory can be imported.
     */
    public static GroovyClassLoader classLoader(Path sourceRoot) {
        CompilerConfiguration configuration = new CompilerConfiguration();
        configuration.setScriptBaseClass(HandlerScript.class.getName());
        configuration.setSourceEncoding("UTF-8");
        Path lib = sourceRoot.resolve("lib");
        if (Files.isDirectory(lib)) {
            configuration.setClasspathList(List.of(lib.toString()));
        }
        return new GroovyClassLoader(GroovyHandler.class.getClassLoader(), configuration);
    }

    /**
     * Compiles a handler script.
     *
     * @throws HandlerCompilationException when it is not valid Groovy; the message names the file and line
     * @throws IOException                 when it cannot be read
     */
    public static GroovyHandler compile(GroovyClassLoader loader, Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        String unitName = className(file) + ".groovy";
        GroovyCodeSource source = new GroovyCodeSource(text, unitName, GroovyShell.DEFAULT_CODE_BASE);
        source.setCachable(false);
        try {
            return new GroovyHandler(file, loader.parseClass(source, false));
        } catch (CompilationFailedException e) {
            String message = e.getMessage()
                    .replace("startup failed:", "")
                    .replace(unitName, file.toString())
                    .replaceAll("\\s*\\n\\s*", " ")
                    .strip();
            throw new HandlerCompilationException(message, e);
        }
    }

    /** A class name for a script that is valid whatever the file is called ({@code long.groovy}, {@code a-b.groovy}). */
    private static String className(Path file) {
        String name = file.getFileName().toString().replaceFirst("\\.groovy$", "");
        return "handler_" + name.replaceAll("[^A-Za-z0-9_]", "_");
    }

    /** Thrown when a handler script is not valid Groovy; the message names the file and the line. */
    public static final class HandlerCompilationException extends IOException {
        private static final long serialVersionUID = 1L;

        HandlerCompilationException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The script file. */
    public Path file() {
        return file;
    }

    @Override
    public Object run(ActionContext context) {
        Binding binding = new Binding();
        binding.setVariable("args", context.args());
        binding.setVariable("options", context.options());
        binding.setVariable("log", context.log());
        binding.setVariable("action", context);
        binding.setVariable("sourceDir", context.sourceDirectory().orElse(null));
        try (PrintWriter out =
                new PrintWriter(new LineWriter(line -> context.log().info(line)), true)) {
            binding.setVariable("out", out);
            Script script = InvokerHelper.createScript(scriptClass, binding);
            return script.run();
        }
    }
}
