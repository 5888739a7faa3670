/** The submission body lives in @svc/formula, shared with the gateway's edge validation. */
export {
  canonicalFunction,
  COSING_FUNCTIONS,
  DecisionSchema,
  SUBMISSION_STATUSES,
  SubmissionSchema,
  type Decision,
  type Submission,
  type SubmissionInput,
  type SubmissionStatus,
} from '@svc/formula';
