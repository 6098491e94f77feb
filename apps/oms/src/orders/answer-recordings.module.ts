import { Global, Module } from '@nestjs/common';
import { AnswerRecordings } from './answer-recordings';

/** One AnswerRecordings per process: the command side tracks, every read side waits. */
@Global()
@Module({ providers: [AnswerRecordings], exports: [AnswerRecordings] })
export class AnswerRecordingsModule {}
