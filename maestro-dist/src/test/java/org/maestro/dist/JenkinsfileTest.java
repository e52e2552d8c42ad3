package org.maestro.dist;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import groovy.lang.GroovyShell;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.maestro.common.options.OptionCode;

/**
 * Checks docs/jenkins/Jenkinsfile as a file: it compiles, declares what it uses, and calls maestro-cli with options that
 * exist. What its builds do (results, stages, published files) is {@link JenkinsfileRunTest}'s and JenkinsfileIT's.
 */
class JenkinsfileTest {
    static final String JENKINSFILE = "docs/jenkins/Jenkinsfile";
    private static final Set<String> JENKINS_VARIABLES = Set.of("WORKSPACE", "BUILD_NUMBER", "BUILD_URL", "JOB_NAME");
    /** Pipeline parameters that are not test parameters of SPEC §3. */
    private static final Set<String> PIPELINE_PARAMETERS =
            Set.of("TEST_SCRIPT", "BASELINE", "FAIL_ON_REGRESSION", "MAESTRO_BROKER");

    private final String text = RepositoryFiles.read(JENKINSFILE);

    private Set<String> matches(String regex, String in) {
        Set<String> found = new LinkedHashSet<>();
        Matcher matcher = Pattern.compile(regex).matcher(in);
        while (matcher.find()) {
            found.add(matcher.group(1));
        }
        return found;
    }

    private Set<String> declaredParameters() {
        return matches("(?:string|booleanParam|choice|text|password)\\(name:\\s*'([A-Za-z_][A-Za-z0-9_]*)'", text);
    }

    private Set<String> environmentBlock() {
        Matcher block =
                Pattern.compile("(?s)\\benvironment\\s*\\{(.*?)}\\s*\\n").matcher(text);
        assertTrue(block.find(), "no environment block");
        return matches("(?m)^\\s*([A-Z_][A-Z0-9_]*)\\s*=", block.group(1));
    }

    /** The shell scripts of the sh steps: sh '…' and sh(…, script: '…'). */
    private List<String> shellScripts() {
        List<String> scripts = new ArrayList<>();
        Matcher matcher =
                Pattern.compile("(?s)\\bsh\\s*(?:\\(.*?script:\\s*)?'([^']*)'").matcher(text);
        while (matcher.find()) {
            scripts.add(matcher.group(1));
        }
        return scripts;
    }

    @Test
    void compilesAsGroovy() {
        new GroovyShell().parse(text, "Jenkinsfile");
    }

    @Test
    void declaresTheParametersOfATestRun() {
        assertTrue(
                declaredParameters()
                        .containsAll(List.of(
                                "SEND_RECEIVE_URL",
                                "RATE",
                                "TEST_DURATION",
                                "MESSAGE_SIZE",
                                "PARALLEL_COUNT",
                                "BASELINE")),
                declaredParameters().toString());
    }

    @Test
    void declaresOnlyTestParametersMaestroKnowsAndPipelineSettings() {
        for (String parameter : declaredParameters()) {
            assertTrue(
                    PIPELINE_PARAMETERS.contains(parameter)
                            || OptionCode.ofParameter(parameter).isPresent(),
                    parameter + " is no test parameter of maestro (the environment variable would be ignored)");
        }
    }

    @Test
    void usesOnlyParametersAndVariablesItDeclares() {
        Set<String> declared = declaredParameters();
        for (String used : matches("\\bparams\\.([A-Za-z_][A-Za-z0-9_]*)", text)) {
            assertTrue(declared.contains(used), "params." + used + " is not declared");
        }
        Set<String> known = new LinkedHashSet<>(declared);
        known.addAll(environmentBlock());
        known.addAll(JENKINS_VARIABLES);
        List<String> scripts = shellScripts();
        assertFalse(scripts.isEmpty(), "no sh steps found");
        for (String script : scripts) {
            for (String variable : ShellWords.variables(script)) {
                assertTrue(known.contains(variable), "sh '" + script + "' uses $" + variable + ", declared nowhere");
            }
        }
    }

    @Test
    void callsMaestroCliWithOptionsThatExist() {
        int calls = 0;
        Set<String> subcommands = new LinkedHashSet<>();
        for (String script : shellScripts()) {
            if (!script.contains("$MAESTRO_CLI")) {
                continue;
            }
            List<String> words = ShellWords.split(script, Map.of("MAESTRO_CLI", "maestro-cli"));
            List<String> arguments = words.subList(words.indexOf("maestro-cli") + 1, words.size());
            CliModel.parse(arguments, JENKINSFILE);
            subcommands.add(arguments.get(0));
            calls++;
        }
        assertTrue(
                subcommands.containsAll(List.of("run", "compare")), "run and compare expected, found " + subcommands);
        assertTrue(calls >= 3, "maestro-cli calls found: " + calls);
    }

    @Test
    void buildsTheDistributionItRuns() {
        Set<String> environment = environmentBlock();
        assertTrue(environment.contains("MAESTRO_CLI"));
        assertTrue(
                text.contains("MAESTRO_CLI = \"${WORKSPACE}/maestro-dist/target/maestro/bin/maestro-cli\""),
                "the pipeline must run the maestro-cli that 'mvn package' builds");
        assertTrue(shellScripts().contains("mvn -B -ntp -DskipTests package"));
    }
}
