package org.maestro.agent.role;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.revwalk.RevCommit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.agent.AgentConfig;
import org.maestro.agent.TestPeerContext;
import org.maestro.agent.TestPeerContext.Notification;
import org.maestro.common.options.OptionCode;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;

/** An agent cloning a real git repository made by the test, over a file:// URL. */
class GitSourceTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path temp;

    private Path repository;
    private String url;
    private RevCommit mainCommit;
    private RevCommit otherCommit;
    private AgentRole agent;
    private TestPeerContext peer;

    @BeforeEach
    void makeRepositoryWithTwoBranches() throws Exception {
        repository = temp.resolve("repos/router-actions");
        Files.createDirectories(repository.resolve("handlers"));
        try (Git git = Git.init()
                .setDirectory(repository.toFile())
                .setInitialBranch("main")
                .call()) {
            Files.writeString(repository.resolve("handlers/hello.groovy"), """
                    println "hello from main: ${args.join('|')}"
                    log.info('test {} iteration {}', options.testName(), options.testIteration())
                    progress 'greeted'
                    return "greeted ${args.size()}"
                    """);
            mainCommit = commitAll(git, "hello handler");
            git.checkout().setCreateBranch(true).setName("other").call();
            Files.writeString(repository.resolve("handlers/hello.groovy"), "println 'hello from other'\n");
            otherCommit = commitAll(git, "other hello");
            git.checkout().setName("main").call();
        }
        url = repository.toUri().toString();
        agent = new AgentRole(AgentConfig.builder(temp.resolve("work"))
                .allowGit(temp.resolve("repos").toUri().toString())
                .build());
        peer = new TestPeerContext(temp.resolve("results"));
        peer.options(peer.options().with(OptionCode.TEST_NAME, "restart-test").with(OptionCode.TEST_ITERATION, "2"));
        agent.handle(Note.request(Command.START_AGENT), peer);
    }

    private static RevCommit commitAll(Git git, String message) throws Exception {
        git.add().addFilepattern(".").call();
        return git.commit()
                .setMessage(message)
                .setAuthor("QE", "qe@example.com")
                .setSign(false)
                .call();
    }

    @AfterEach
    void halt() {
        agent.halt();
    }

    private void source(String source, String branch) throws RoleException {
        agent.handle(Note.request(Command.AGENT_SOURCE, new Payload.AgentSource(source, branch)), peer);
    }

    private void command(String command) throws RoleException {
        assertEquals(
                Payload.Empty.INSTANCE,
                agent.handle(Note.request(Command.USER_COMMAND_1, new Payload.Text(command)), peer));
    }

    @Test
    void aCloneKeepsTheExecutableBitOfAHandlerThatIsAProgram() throws Exception {
        Path program = repository.resolve("handlers/where");
        Files.writeString(program, "#!/bin/sh\necho \"from git $1 in $MAESTRO_SOURCE_DIR\"\n");
        Files.setPosixFilePermissions(program, PosixFilePermissions.fromString("rwxr-xr-x"));
        try (Git git = Git.open(repository.toFile())) {
            commitAll(git, "a handler that is a program");
        }
        source(url, "");
        command("where main");

        Notification done = peer.next(Command.NOTIFY_SUCCESS, WAIT);
        assertEquals("handlers/where", done.details().get("handler"));
        assertTrue(
                done.details().get("result").startsWith("from git main in "),
                done.details().get("result"));
        assertFalse(done.details().get("result").contains(repository.toString()), "it ran from the clone");
    }

    @Test
    void runsTheHandlerOfTheClonedRepositoryAndNotifiesItsOutput() throws Exception {
        source(url, "");
        command("hello world 'two words'");

        Notification done = peer.next(Command.NOTIFY_SUCCESS, WAIT);
        assertTrue(
                done.output().contains("hello from main: world|two words"),
                done.details().toString());
        assertTrue(done.output().contains("test restart-test iteration 2"));
        assertEquals("hello world 'two words'", done.details().get("command"));
        assertEquals("greeted 2", done.details().get("result"));
        assertEquals("greeted", done.details().get("progress"));
        assertEquals(url, done.details().get("source"));
        assertEquals(mainCommit.getName(), done.details().get("commit"));
        assertEquals("success", done.details().get("outcome"));
        assertTrue(Long.parseLong(done.details().get("end"))
                >= Long.parseLong(done.details().get("start")));

        Path results = temp.resolve("results/restart-test/2/agent-1@localhost");
        String log = Files.readString(
                results.resolve("agent-action-" + done.details().get("action") + ".log"));
        assertTrue(log.contains("hello from main: world|two words"), log);
        String csvRow = Files.readAllLines(results.resolve("agent-actions.csv")).get(2);
        assertEquals(
                done.details().get("action") + ",hello world 'two words',"
                        + done.details().get("start") + "," + done.details().get("end") + ",success,greeted 2,,,",
                csvRow);
    }

    @Test
    void honoursTheBranchOfTheSource() throws Exception {
        source(url, "other");
        command("hello");
        Notification done = peer.next(Command.NOTIFY_SUCCESS, WAIT);
        assertTrue(done.output().contains("hello from other"), done.output());
        assertFalse(done.output().contains("hello from main"));
        assertEquals(otherCommit.getName(), done.details().get("commit"));

        source(url, "main");
        command("hello again");
        done = peer.next(WAIT);
        assertTrue(done.output().contains("hello from main: again"), done.output());
    }

    @Test
    void namesTheBranchesWhenTheBranchDoesNotExist() {
        RoleException error = assertThrows(RoleException.class, () -> source(url, "nope"));
        assertEquals(ErrorCodes.INVALID_OPTION, error.code());
        assertTrue(error.getMessage().contains("has no branch 'nope'; its branches: main, other"), error.getMessage());
    }

    @Test
    void refusesARepositoryOutsideTheAllowedPrefixesNamingTheRule() throws Exception {
        Path elsewhere = temp.resolve("elsewhere/actions");
        Files.createDirectories(elsewhere);
        Git.init().setDirectory(elsewhere.toFile()).call().close();
        String refusedUrl = elsewhere.toUri().toString();

        RoleException error = assertThrows(RoleException.class, () -> source(refusedUrl, ""));
        assertEquals(ErrorCodes.REFUSED, error.code());
        assertTrue(
                error.getMessage()
                        .contains("starts with none of the allowed git URL prefixes ["
                                + temp.resolve("repos").toUri() + "]"),
                error.getMessage());
        assertTrue(
                error.getMessage().contains("start the agent with --allow-source " + refusedUrl), error.getMessage());
        assertFalse(Files.exists(temp.resolve("work/sources/source-1")), "nothing may be cloned");
    }

    @Test
    void refusesAUrlThatClimbsOutOfTheAllowedPrefix() {
        String climbing = temp.resolve("repos").toUri() + "../elsewhere/actions";
        RoleException error = assertThrows(RoleException.class, () -> source(climbing, ""));
        assertEquals(ErrorCodes.REFUSED, error.code());
        assertTrue(error.getMessage().contains("may not contain '..'"), error.getMessage());
    }

    @Test
    void deletesTheCloneWhenHalted() throws Exception {
        source(url, "");
        Path clone = agent.source().orElseThrow().root();
        assertTrue(Files.isRegularFile(clone.resolve("handlers/hello.groovy")));
        agent.halt();
        assertFalse(Files.exists(clone));
    }
}
