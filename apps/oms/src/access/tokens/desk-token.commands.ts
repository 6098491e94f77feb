import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { AccountScope } from '../account-scope';
import { DeskActor, DeskRole } from '../desk-actor';
import { generateDeskToken } from '../desk-token-secret';
import { DeskTokenStore } from '../desk-token.store';

export interface IssuedDeskToken {
  readonly name: string;
  readonly role: DeskRole;
  readonly accounts: string[];
  readonly token: string;
}

export class IssueDeskTokenCommand extends Command<IssuedDeskToken> {
  constructor(
    readonly issuer: DeskActor,
    readonly name: string,
    readonly role: DeskRole,
    readonly accounts: readonly string[],
    readonly requestsPerMinute: number | null,
  ) {
    super();
  }
}

export class RevokeDeskTokenCommand extends Command<void> {
  constructor(readonly name: string) {
    super();
  }
}

@CommandHandler(IssueDeskTokenCommand)
export class IssueDeskTokenHandler implements ICommandHandler<IssueDeskTokenCommand> {
  constructor(
    private readonly tokens: DeskTokenStore,
    private readonly scope: AccountScope,
  ) {}

  async execute(command: IssueDeskTokenCommand): Promise<IssuedDeskToken> {
    const allAccounts = command.accounts.includes('*');
    if (!allAccounts)
      command.accounts.forEach((account, index) => {
        if (!this.scope.servedAccounts().includes(account))
          throw new DeskError(DeskErrorCode.ACCOUNT_NOT_FOUND, `the OMS does not serve account ${account}`, {
            field: `accounts[${index}]`,
          });
      });
    const token = generateDeskToken();
    const inserted = await this.tokens.insert(token, {
      name: command.name,
      role: command.role,
      accounts: allAccounts ? '*' : command.accounts,
      requestsPerMinute: command.requestsPerMinute,
      createdBy: command.issuer.tokenName,
    });
    if (!inserted)
      throw new DeskError(DeskErrorCode.TOKEN_NAME_IN_USE, `a token named ${command.name} exists`, {
        field: 'name',
      });
    return {
      name: command.name,
      role: command.role,
      accounts: allAccounts ? ['*'] : [...command.accounts],
      token,
    };
  }
}

@CommandHandler(RevokeDeskTokenCommand)
export class RevokeDeskTokenHandler implements ICommandHandler<RevokeDeskTokenCommand> {
  constructor(private readonly tokens: DeskTokenStore) {}

  async execute(command: RevokeDeskTokenCommand): Promise<void> {
    if (!(await this.tokens.revoke(command.name)))
      throw new DeskError(DeskErrorCode.TOKEN_NOT_FOUND, `no live token is named ${command.name}`, {
        field: 'name',
      });
  }
}
