package org.maestro.client.script;

import groovy.lang.Binding;
import groovy.lang.GroovyShell;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.codehaus.groovy.control.CompilationFailedException;
import org.codehaus.groovy.control.CompilerConfiguration;
import org.codehaus.groovy.control.customizers.ImportCustomizer;
import org.maestro.client.api.Maestro;
import org.maestro.client.api.MaestroException;
import org.maestro.common.cli.ExitCode;

/**
 * Runs a Groovy test script with the {@code maestro} variable bound (and {@code scriptDir}, the script's directory,
 * to find files that come with it), and turns its errors into clear messages.
 */
public final class ScriptRunner {

    private ScriptRunner() {}

    /**
     * Runs a script.
     *
     * @throws MaestroException exit code 2 for a missing file, a syntax error (with file:line) or an error thrown
     *                          by the script (with its line), or the code of a Maestro failure inside it
     */
    public static void run(Path script, Maestro maestro) {
        if (!Files.isRegularFile(script)) {
            throw MaestroException.usage("test script " + script + " does not exist or is not a file");
        }
        CompilerConfiguration configuration = new CompilerConfiguration();
        ImportCustomizer imports = new ImportCustomizer();
        imports.addStarImports("org.maestro.client.api");
        configuration.addCompilationCustomizers(imports);
        Binding binding = new Binding();
        binding.setVariable("maestro", maestro);
        binding.setVariable("scriptDir", script.toAbsolutePath().getParent().toString());
        GroovyShell shell = new GroovyShell(ScriptRunner.class.getClassLoader(), binding, configuration);
        try {
            shell.evaluate(script.toFile());
        } catch (CompilationFailedException e) {
            throw new MaestroException(
                    ExitCode.USAGE,
                    "syntax error in " + script + ":\n" + e.getMessage().trim(),
                    e);
        } catch (IOException e) {
            throw MaestroException.usage("cannot read the test script " + script + ": " + e.getMessage());
        } catch (MaestroException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new MaestroException(ExitCode.USAGE, "the script failed at " + scriptLine(e, script) + ": " + e, e);
        }
    }

    private static String scriptLine(Throwable error, Path script) {
        String file = script.getFileName().toString();
        for (StackTraceElement element : error.getStackTrace()) {
            if (file.equals(element.getFileName()) && element.getLineNumber() > 0) {
                return script + ":" + element.getLineNumber();
            }
        }
        return script.toString();
    }
}
