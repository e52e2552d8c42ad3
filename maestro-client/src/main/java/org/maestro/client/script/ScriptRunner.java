package org.maestro.client.script;

import groovy.lang.Binding;
import groovy.lang.GroovyShell;
import groovy.lang.Script;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.codehaus.groovy.control.CompilationFailedException;
import org.codehaus.groovy.control.CompilerConfiguration;
import org.codehaus.groovy.control.MultipleCompilationErrorsException;
import org.codehaus.groovy.control.customizers.ImportCustomizer;
import org.codehaus.groovy.control.messages.ExceptionMessage;
import org.codehaus.groovy.control.messages.Message;
import org.codehaus.groovy.control.messages.SyntaxErrorMessage;
import org.codehaus.groovy.syntax.SyntaxException;
import org.maestro.client.api.MaestroException;
import org.maestro.common.cli.ExitCode;

/**
 * Runs a Groovy test script with the {@code maestro} variable bound (and {@code scriptDir}, the script's directory,
 * to find files that come with it), and turns its errors into clear messages.
 */
public final class ScriptRunner {

    private ScriptRunner() {}

    /**
     * Compiles a script without running it, so that a syntax error is reported before anything starts.
     *
     * @throws MaestroException exit code 2 for a missing file or a syntax error (in one line, with file:line:column)
     */
    public static void check(Path script) {
        compile(script, new Binding());
    }

    /**
     * The script compiled with {@code binding}: a missing or unreadable file and a syntax error are usage errors.
     */
    private static Script compile(Path script, Binding binding) {
        if (!Files.isRegularFile(script)) {
            throw MaestroException.usage("test script " + script + " does not exist or is not a file");
        }
        GroovyShell shell = new GroovyShell(ScriptRunner.class.getClassLoader(), binding, configuration());
        try {
            return shell.parse(script.toFile());
        } catch (CompilationFailedException e) {
            throw syntaxError(script, e);
        } catch (IOException e) {
            throw MaestroException.usage("cannot read the test script " + script + ": " + e.getMessage());
        }
    }

    private static CompilerConfiguration configuration() {
        CompilerConfiguration configuration = new CompilerConfiguration();
        ImportCustomizer imports = new ImportCustomizer();
        imports.addStarImports("org.maestro.client.api");
        configuration.addCompilationCustomizers(imports);
        return configuration;
    }

    /** A syntax error in one line: where (file:line:column) and what, and how many more errors follow. */
    private static MaestroException syntaxError(Path script, CompilationFailedException e) {
        String text = null;
        int count = 1;
        if (e instanceof MultipleCompilationErrorsException multiple) {
            count = multiple.getErrorCollector().getErrorCount();
            Message first = multiple.getErrorCollector().getErrorCount() > 0
                    ? multiple.getErrorCollector().getError(0)
                    : null;
            if (first instanceof SyntaxErrorMessage syntax) {
                SyntaxException cause = syntax.getCause();
                text = script + ":" + cause.getLine() + ":" + cause.getStartColumn() + ": "
                        + cause.getOriginalMessage().trim();
            } else if (first instanceof ExceptionMessage exception) {
                text = script + ": " + exception.getCause().getMessage();
            }
        }
        if (text == null) {
            text = script + ": " + e.getMessage().trim().replaceAll("\\s*\\n\\s*", " ");
        }
        return new MaestroException(
                ExitCode.USAGE,
                "syntax error in " + text.replaceAll("\\s*\\n\\s*", " ")
                        + (count > 1 ? " (and " + (count - 1) + " more error(s))" : ""),
                e);
    }

    /**
     * Runs a script.
     *
     * @throws MaestroException exit code 2 for a missing file, a syntax error (with file:line) or an error thrown
     *                          by the script (with its line), or the code of a Maestro failure inside it
     */
    public static void run(Path script, Maestro maestro) {
        Binding binding = new Binding();
        Script compiled = compile(script, binding);
        binding.setVariable("maestro", maestro);
        binding.setVariable("scriptDir", script.toAbsolutePath().getParent().toString());
        try {
            compiled.run();
        } catch (CompilationFailedException e) {
            // a script may compile more Groovy as it runs
            throw syntaxError(script, e);
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
