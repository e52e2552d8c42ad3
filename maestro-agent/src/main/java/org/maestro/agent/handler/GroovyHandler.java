package org.maestro.agent.handler;

import groovy.lang.Binding;
import groovy.lang.GroovyClassLoader;
import groovy.lang.GroovyCodeSource;
import groovy.lang.Script;
import java.io.IOException;
import java.io.PrintWriter;
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
     * @throws IOException                 when it cannot be read
     * @throws CompilationFailedException when it is not valid Groovy; the message names the line
     */
    public static GroovyHandler compile(GroovyClassLoader loader, Path file) throws IOException {
        GroovyCodeSource source = new GroovyCodeSource(file.toFile(), "UTF-8");
        source.setCachable(false);
        return new GroovyHandler(file, loader.parseClass(source, false));
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
        try (PrintWriter out = new PrintWriter(new LineWriter(line -> context.log().info(line)), true)) {
            binding.setVariable("out", out);
            Script script = InvokerHelper.createScript(scriptClass, binding);
            return script.run();
        }
    }
}
